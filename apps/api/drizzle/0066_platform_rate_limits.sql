CREATE TABLE "platform_rate_limit_hits" (
	"key" varchar(400) PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "platform_rate_limit_hits_expires_idx" ON "platform_rate_limit_hits" USING btree ("expires_at");