CREATE TABLE "file_chunks" (
	"file_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "file_chunks_file_id_seq_pk" PRIMARY KEY("file_id","seq"),
	CONSTRAINT "file_chunks_seq_nonnegative" CHECK ("file_chunks"."seq" >= 0)
);
--> statement-breakpoint
-- PDFs are compressed already: chunks are stored out of line without another round of compression.
ALTER TABLE "file_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_size_positive";--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "song_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "chunk_size" integer DEFAULT 262144 NOT NULL;--> statement-breakpoint
ALTER TABLE "file_chunks" ADD CONSTRAINT "file_chunks_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_pending_idx" ON "files" USING btree ("created_at") WHERE "files"."song_id" is null;--> statement-breakpoint
-- Existing files move into chunks of 262144 bytes (the default chunk_size), one row per chunk, in order.
UPDATE "files" SET "size" = octet_length("bytes") WHERE "size" <> octet_length("bytes");--> statement-breakpoint
INSERT INTO "file_chunks" ("file_id", "seq", "data")
SELECT f."id", s.seq, substring(f."bytes" FROM s.seq * 262144 + 1 FOR 262144)
FROM "files" f
CROSS JOIN LATERAL generate_series(0, (octet_length(f."bytes") - 1) / 262144) AS s(seq)
WHERE octet_length(f."bytes") > 0;--> statement-breakpoint
ALTER TABLE "files" DROP COLUMN "bytes";--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_chunk_size_positive" CHECK ("files"."chunk_size" > 0);--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_size_positive" CHECK ("files"."song_id" is null or "files"."size" > 0);