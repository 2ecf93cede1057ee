/// restlite's SQL functions and tables in a PostgreSQL database, created (or brought up to
/// date) when an engine opens it, in one transaction under an advisory lock so that several
/// processes opening the same database at once do not collide.
///
/// The functions mirror SQLite's (`registerQueryFunctions`): `restlite_type` (SQLite's
/// `json_type` names), `restlite_regexp` (a POSIX ARE with `$options` turned into embedded
/// options), `restlite_date` (ISO 8601 text normalised as `ISODate` does), `restlite_contains_ci`
/// and `restlite_sortkey` (type-class rank, then number, then text, as `SortKey` orders);
/// `restlite_aggregate_number` and `restlite_aggregate_integral` give SUM and AVG what SQLite's
/// `sum` adds.
enum PostgresFunctions {
    /// Any fixed number, the same in every restlite process: the lock taken around setup and DDL.
    static let setupLock: Int64 = 0x7265_7374_6C69_7465

    /// The tables `statements` creates (besides one documents table per collection), which
    /// `PostgresEngine.removeEverything` drops by name: a table of the user's whose name happens
    /// to start with `restlite_` is not restlite's.
    static let tables = [
        "restlite_collections", "restlite_events", "restlite_media", "restlite_media_chunks", "restlite_keys",
        "restlite_settings", "restlite_listeners",
    ]

    /// The functions `statements` creates, by name (`restlite_regexp` has two signatures).
    static let functions = [
        "restlite_type", "restlite_sortkey", "restlite_regex_options", "restlite_regexp",
        "restlite_contains_ci",
        "restlite_aggregate_number", "restlite_aggregate_integral", "restlite_date", "restlite_date_text",
    ]

    /// The statements, in order; `collation` names the collation used for case-insensitive
    /// matching of non-ASCII text (ICU's `und-x-icu` when the server has it).
    static func statements(caseCollation: String) -> [String] {
        [
            """
            CREATE TABLE IF NOT EXISTS restlite_collections(
                id bigserial PRIMARY KEY,
                name text COLLATE "C" UNIQUE NOT NULL,
                schema text,
                created bigint NOT NULL
            )
            """,
            """
            CREATE TABLE IF NOT EXISTS restlite_events(
                id bigserial PRIMARY KEY,
                origin text NOT NULL,
                event text NOT NULL,
                collection text,
                data text NOT NULL,
                at timestamptz NOT NULL DEFAULT now()
            )
            """,
            // The media archive (`PostgresMediaStorage`): metadata, and the bytes in pieces.
            """
            CREATE TABLE IF NOT EXISTS restlite_media(
                id text COLLATE "C" PRIMARY KEY,
                created text NOT NULL,
                origname text NOT NULL,
                size bigint NOT NULL,
                mimetype text NOT NULL,
                fieldname text NOT NULL,
                set_aside boolean NOT NULL DEFAULT false
            )
            """,
            "CREATE INDEX IF NOT EXISTS restlite_media_origname ON restlite_media(origname)",
            """
            CREATE TABLE IF NOT EXISTS restlite_media_chunks(
                id text COLLATE "C" NOT NULL REFERENCES restlite_media(id) ON DELETE CASCADE,
                seq bigint NOT NULL,
                bytes bytea NOT NULL,
                PRIMARY KEY (id, seq)
            )
            """,
            """
            DO $$ BEGIN
                IF (SELECT attstorage FROM pg_attribute WHERE attrelid = 'restlite_media_chunks'::regclass
                    AND attname = 'bytes') <> 'e' THEN
                    ALTER TABLE restlite_media_chunks ALTER COLUMN bytes SET STORAGE EXTERNAL;
                END IF;
            END $$
            """,
            """
            CREATE TABLE IF NOT EXISTS restlite_keys(
                key text COLLATE "C" PRIMARY KEY,
                entry text NOT NULL,
                position bigserial
            )
            """,
            "CREATE TABLE IF NOT EXISTS restlite_settings(name text PRIMARY KEY, value text NOT NULL)",
            // A process with realtime subscribers, by the server process of its listening
            // connection: a row whose process is gone (pg_stat_activity) counts for nothing.
            "CREATE TABLE IF NOT EXISTS restlite_listeners(origin text PRIMARY KEY, pid integer NOT NULL)",
            """
            DO $$ BEGIN
                CREATE TYPE restlite_sort AS (rank integer, num numeric, txt text COLLATE "C");
            EXCEPTION WHEN duplicate_object THEN NULL;
            END $$
            """,
            """
            CREATE OR REPLACE FUNCTION restlite_type(v jsonb) RETURNS text
            LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
                SELECT CASE jsonb_typeof(v) WHEN 'string' THEN 'text' WHEN 'boolean' THEN v #>> '{}'
                    ELSE jsonb_typeof(v) END
            $$
            """,
            """
            CREATE OR REPLACE FUNCTION restlite_sortkey(v json) RETURNS restlite_sort
            LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
                SELECT CASE json_typeof(v)
                    WHEN 'number' THEN ROW(1, CAST(v #>> '{}' AS numeric), NULL)::restlite_sort
                    WHEN 'string' THEN ROW(2, NULL, v #>> '{}')::restlite_sort
                    WHEN 'object' THEN ROW(3, NULL, CAST(v AS text))::restlite_sort
                    WHEN 'array' THEN ROW(4, NULL, CAST(v AS text))::restlite_sort
                    WHEN 'boolean' THEN ROW(5, NULL, CAST(v AS text))::restlite_sort
                    ELSE ROW(0, NULL, NULL)::restlite_sort END
            $$
            """,
            // JavaScript's `.` stops at a newline unless `s`, and `^`/`$` see lines only with
            // `m`. In ARE embedded options: `p` (neither), `n` (`m`), `s` (`s`), `w` (both).
            """
            CREATE OR REPLACE FUNCTION restlite_regex_options(o text) RETURNS text
            LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
                SELECT '(?' || CASE WHEN strpos(o, 's') > 0 AND strpos(o, 'm') > 0 THEN 'w'
                    WHEN strpos(o, 's') > 0 THEN 's'
                    WHEN strpos(o, 'm') > 0 THEN 'n'
                    ELSE 'p' END
                    || CASE WHEN strpos(o, 'i') > 0 THEN 'i' ELSE '' END
                    || CASE WHEN strpos(o, 'x') > 0 THEN 'x' ELSE '' END || ')'
            $$
            """,
            """
            CREATE OR REPLACE FUNCTION restlite_regexp(p text, o text, v text) RETURNS boolean
            LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
                SELECT coalesce((v COLLATE \(caseCollation)) ~ (restlite_regex_options(o) || p), false)
            $$
            """,
            """
            CREATE OR REPLACE FUNCTION restlite_regexp(p text, o text, v jsonb) RETURNS boolean
            LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
                SELECT jsonb_typeof(v) = 'string' AND restlite_regexp(p, o, v #>> '{}')
            $$
            """,
            """
            CREATE OR REPLACE FUNCTION restlite_contains_ci(v text, n text) RETURNS boolean
            LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
                SELECT strpos(lower(v COLLATE \(caseCollation)), lower(n COLLATE \(caseCollation))) > 0
            $$
            """,
            // What SQLite's `sum` adds of a `json_extract` value: a number, a boolean as 0 or
            // 1, a string's leading number (else 0), 0 for an object or array; NULL for null.
            #"""
            CREATE OR REPLACE FUNCTION restlite_aggregate_number(v jsonb) RETURNS numeric
            LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
                SELECT CASE jsonb_typeof(v)
                    WHEN 'number' THEN CAST(v #>> '{}' AS numeric)
                    WHEN 'boolean' THEN CASE WHEN v = 'true'::jsonb THEN 1 ELSE 0 END
                    WHEN 'string' THEN coalesce(CAST((regexp_match(v #>> '{}',
                        '^[ \t\n\f\r]*([+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?)'))[1] AS numeric), 0)
                    WHEN 'object' THEN 0 WHEN 'array' THEN 0 END
            $$
            """#,
            // True where SQLite's `sum` adds an integer: an integer literal in 64 bits, a
            // boolean, a string that is one (spaces around allowed).
            #"""
            CREATE OR REPLACE FUNCTION restlite_aggregate_integral(v jsonb) RETURNS boolean
            LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
                SELECT CASE jsonb_typeof(v)
                    WHEN 'number' THEN CASE WHEN (v #>> '{}') ~ '^-?[0-9]{1,19}$'
                        THEN CAST(v #>> '{}' AS numeric) BETWEEN -9223372036854775808 AND 9223372036854775807
                        ELSE false END
                    WHEN 'boolean' THEN true
                    WHEN 'string' THEN CASE WHEN (v #>> '{}') ~ '^[ \t\n\f\r]*[+-]?[0-9]{1,19}[ \t\n\f\r]*$'
                        THEN CAST(btrim(v #>> '{}', E' \t\n\f\r') AS numeric)
                            BETWEEN -9223372036854775808 AND 9223372036854775807
                        ELSE false END
                    WHEN 'object' THEN false WHEN 'array' THEN false END
            $$
            """#,
            dateFunction,
            """
            CREATE OR REPLACE FUNCTION restlite_date(v jsonb) RETURNS jsonb
            LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
                SELECT CASE WHEN jsonb_typeof(v) = 'string' THEN to_jsonb(restlite_date_text(v #>> '{}')) END
            $$
            """,
        ]
    }

    /// `ISODateScanner` and `ISODate.format` in PL/pgSQL: `YYYY-MM-DD`, optionally `T`, `t` or
    /// a space and `HH:MM[:SS[.fraction]]` (a second of 60 rolls over), optionally `Z`,
    /// `±HH[[:]MM]`; the instant must fall in years 0000 to 9999 UTC. Text already in the
    /// normalised shape is returned as it is, as `QueryDate.normalize` does.
    static let dateFunction = """
        CREATE OR REPLACE FUNCTION restlite_date_text(t text) RETURNS text
        LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
        DECLARE
            m text[];
            y bigint; mo bigint; d bigint; sy bigint; era bigint; yoe bigint; doy bigint; doe bigint;
            days bigint; ms bigint := 0; off bigint := 0; frac text; dim bigint; z text;
            dayms bigint; shifted bigint; mi bigint;
        BEGIN
            IF t ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z$' THEN RETURN t; END IF;
            m := regexp_match(t, '^([0-9]{4})-([0-9]{2})-([0-9]{2})(?:[Tt ]([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:[.,]([0-9]+))?)?([Zz]|[+-][0-9]{2}(?::?[0-9]{2})?)?)?$');
            IF m IS NULL THEN RETURN NULL; END IF;
            y := m[1]::bigint; mo := m[2]::bigint; d := m[3]::bigint;
            IF mo < 1 OR mo > 12 THEN RETURN NULL; END IF;
            dim := CASE WHEN mo = 2 THEN CASE WHEN (y % 4 = 0 AND y % 100 <> 0) OR y % 400 = 0 THEN 29 ELSE 28 END
                WHEN mo IN (4, 6, 9, 11) THEN 30 ELSE 31 END;
            IF d < 1 OR d > dim THEN RETURN NULL; END IF;
            sy := CASE WHEN mo <= 2 THEN y - 1 ELSE y END;
            era := CASE WHEN sy >= 0 THEN sy / 400 ELSE (sy - 399) / 400 END;
            yoe := sy - era * 400;
            doy := (153 * (CASE WHEN mo > 2 THEN mo - 3 ELSE mo + 9 END) + 2) / 5 + d - 1;
            doe := yoe * 365 + yoe / 4 - yoe / 100 + doy;
            days := era * 146097 + doe - 719468;
            IF m[4] IS NOT NULL THEN
                IF m[4]::bigint >= 24 OR m[5]::bigint >= 60 THEN RETURN NULL; END IF;
                ms := (m[4]::bigint * 60 + m[5]::bigint) * 60000;
                IF m[6] IS NOT NULL THEN
                    IF m[6]::bigint > 60 THEN RETURN NULL; END IF;
                    ms := ms + m[6]::bigint * 1000;
                    IF m[7] IS NOT NULL THEN
                        frac := rpad(left(m[7], 3), 3, '0');
                        ms := ms + frac::bigint;
                    END IF;
                END IF;
                z := m[8];
                IF z IS NOT NULL AND z NOT IN ('Z', 'z') THEN
                    IF substr(z, 2, 2)::bigint >= 24 THEN RETURN NULL; END IF;
                    off := substr(z, 2, 2)::bigint * 60;
                    IF length(z) > 3 THEN
                        mi := right(z, 2)::bigint;
                        IF mi >= 60 THEN RETURN NULL; END IF;
                        off := off + mi;
                    END IF;
                    off := off * 60000;
                    IF left(z, 1) = '-' THEN off := -off; END IF;
                END IF;
            END IF;
            ms := days * 86400000 + ms - off;
            IF ms < -62167219200000 OR ms > 253402300799999 THEN RETURN NULL; END IF;
            days := CASE WHEN ms >= 0 THEN ms / 86400000 ELSE (ms - 86399999) / 86400000 END;
            dayms := ms - days * 86400000;
            shifted := days + 719468;
            era := shifted / 146097;
            doe := shifted - era * 146097;
            yoe := (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
            doy := doe - (365 * yoe + yoe / 4 - yoe / 100);
            mi := (5 * doy + 2) / 153;
            d := doy - (153 * mi + 2) / 5 + 1;
            mo := CASE WHEN mi < 10 THEN mi + 3 ELSE mi - 9 END;
            y := yoe + era * 400 + CASE WHEN mo <= 2 THEN 1 ELSE 0 END;
            RETURN lpad(y::text, 4, '0') || '-' || lpad(mo::text, 2, '0') || '-' || lpad(d::text, 2, '0')
                || 'T' || lpad((dayms / 3600000)::text, 2, '0') || ':' || lpad((dayms / 60000 % 60)::text, 2, '0')
                || ':' || lpad((dayms / 1000 % 60)::text, 2, '0') || '.' || lpad((dayms % 1000)::text, 3, '0') || 'Z';
        END
        $$
        """
}
