-- Trigram indexes serve the admin list's substring search at a million applicants.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
