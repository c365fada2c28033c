DROP INDEX "academy_domains_domain_unique";--> statement-breakpoint
DROP INDEX "academy_domains_academy_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "academy_domains_verified_domain_unique" ON "academy_domains" USING btree ("domain") WHERE "academy_domains"."verified_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "academy_domains_academy_domain_unique" ON "academy_domains" USING btree ("academy_id","domain");