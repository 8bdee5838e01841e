CREATE INDEX "profiles_aadhaar_last4_idx" ON "profiles" USING btree ("aadhaar_last4");--> statement-breakpoint
CREATE INDEX "profiles_account_last4_idx" ON "profiles" USING btree ("account_last4");