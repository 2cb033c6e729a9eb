-- Issue 27, item 12: kept requests are known by the SHA-256 of their URL (a public call's path holds a token),
-- and no kept answer holds a link: those made before hand out share, signing, invoice and calendar addresses.
UPDATE "idempotency_keys" SET "path" = encode(sha256(convert_to("path", 'UTF8')), 'hex');--> statement-breakpoint
DELETE FROM "idempotency_keys" WHERE "response_body" ~ '"(url|publicUrl)":"https?://';
