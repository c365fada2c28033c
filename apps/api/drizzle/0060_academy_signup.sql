-- Issue 55, Start your academy: the owner's email codes (a platform table) and the one-time hand-off that carries the
-- new owner signed in to the academy's own address (an academy table, row-level security forced).
CREATE TABLE "academy_signup_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" varchar(254) NOT NULL,
	"code_hash" text NOT NULL,
	"ip" varchar(64) NOT NULL,
	"wrong_tries" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_hand_offs" (
	"academy_id" uuid DEFAULT current_academy_id() NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_hand_offs_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "sign_in_hand_offs" ADD CONSTRAINT "sign_in_hand_offs_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_hand_offs" ADD CONSTRAINT "sign_in_hand_offs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "academy_signup_codes_email_created_idx" ON "academy_signup_codes" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "academy_signup_codes_ip_created_idx" ON "academy_signup_codes" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "sign_in_hand_offs_academy_user_idx" ON "sign_in_hand_offs" USING btree ("academy_id","user_id");--> statement-breakpoint
-- An academy table (decision 053): its rows are seen and written only inside their academy.
ALTER TABLE "sign_in_hand_offs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "sign_in_hand_offs" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "sign_in_hand_offs" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());
