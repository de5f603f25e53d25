package io.spinneret.annotations;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Every setting Spinneret knows, declared once with its type, default and meaning.
 *
 * <p>Settings come in four layers, lowest to highest: these defaults, {@code [default]} in
 * {@code settings.toml}, the spider's {@code @Spider(settings = ...)}, {@code [spider.<name>]} in
 * {@code settings.toml}, and the command line. The annotation processor checks the spider's layer
 * at compile time with {@link #check(String)}; the runtime checks the others the same way.
 *
 * <p>Durations are seconds (fractions allowed). Lists are comma-separated in strings and arrays in
 * TOML.
 */
public enum Setting {
    // ---- engine
    /** Requests in flight at once, over all domains. */
    CONCURRENCY("concurrency", Type.INT, "16", "requests in flight at once"),
    /**
     * Requests in flight at once per domain; 0 means the same as {@code concurrency}. In a Redis
     * crawl, over all nodes together.
     */
    CONCURRENCY_PER_DOMAIN(
            "concurrency_per_domain",
            Type.INT,
            "0",
            "requests in flight per domain, over all nodes of a Redis crawl (0 = concurrency)"),
    /** Stop cleanly after this many items; 0 means no limit. Set by {@code -n}. */
    MAX_ITEMS("max_items", Type.INT, "0", "stop after this many items (0 = no limit)"),
    /** Stop cleanly after sending this many requests (each redirect hop and retry is one); 0 means no limit. */
    MAX_REQUESTS("max_requests", Type.LONG, "0", "stop after this many requests (0 = no limit)"),
    /** Stop cleanly after the crawl ran this many seconds; 0 means no limit. */
    MAX_DURATION("max_duration", Type.DURATION, "0", "stop after this many seconds (0 = no limit)"),
    /** Stop cleanly once this many requests failed (download errors, callback exceptions); 0 means no limit. */
    MAX_FAILURES("max_failures", Type.LONG, "0", "stop after this many failures (0 = no limit)"),
    /** Stop cleanly when no new item came for this many seconds (counted from the start for the first); 0 means never. */
    NO_ITEM_TIMEOUT("no_item_timeout", Type.DURATION, "0", "stop when no item came for this many seconds (0 = never)"),
    /** Drop requests deeper than this many links from a start URL; 0 means no limit. */
    DEPTH_LIMIT("depth_limit", Type.INT, "0", "maximum link depth (0 = no limit)"),
    /**
     * Fetch at most this many pages per host ({@code Request.host()}); the host's other requests are
     * dropped (counted as {@code dropped/max_pages_per_host}) and the summary names it. Counted in
     * the scheduler's store, so over all nodes of a Redis crawl and across a resumed one; a retry
     * or a resumed request is not counted twice. 0 means no limit.
     */
    MAX_PAGES_PER_HOST(
            "max_pages_per_host", Type.LONG, "0", "pages fetched at most per host, over all nodes (0 = no limit)"),
    /**
     * As {@code max_pages_per_host}, per registrable domain (public suffix plus one label:
     * {@code shop.example.co.uk} for {@code www.shop.example.co.uk} and {@code img.shop.example.co.uk}).
     */
    MAX_PAGES_PER_DOMAIN(
            "max_pages_per_domain",
            Type.LONG,
            "0",
            "pages fetched at most per registrable domain, over all nodes (0 = no limit)"),
    /**
     * What to do with a page whose main text is a near duplicate of an earlier page's (64-bit
     * SimHashes of their main text within 7 bits): {@code off}; {@code mark}: count it ({@code near_duplicate/pages});
     * {@code drop}: count it and drop the items its callback yields ({@code near_duplicate/items_dropped}).
     */
    NEAR_DUPLICATES(
            "near_duplicates",
            Type.ENUM,
            "off",
            "pages whose main text nearly repeats an earlier page's: off | mark | drop",
            "off",
            "mark",
            "drop"),
    /** Whether the links of a near-duplicate page are followed (its callback's requests and the link rules'). */
    NEAR_DUPLICATES_FOLLOW("near_duplicates_follow", Type.BOOLEAN, "true", "follow the links of near-duplicate pages"),
    /**
     * Domains (with their subdomains) that links and redirects may lead to; empty means any. An
     * entry may be {@code host:port} (that port only), an IP address or an IPv6 literal
     * ({@code [::1]}, {@code [::1]:8080}), which allow that address only.
     */
    ALLOWED_DOMAINS(
            "allowed_domains",
            Type.LIST,
            "",
            "domains links may lead to, with subdomains; host:port, IPs too (empty = any)"),
    /** Start URLs replacing the spider's own, e.g. to crawl a mirror. */
    START_URLS("start_urls", Type.LIST, "", "start URLs replacing the spider's own"),
    /**
     * A file of start URLs, one a line ({@code -} for standard input), read as the crawl goes so a
     * long list never sits in memory; blank lines and lines starting with {@code #} are skipped.
     * Replaces {@code start_urls} and the spider's own.
     */
    START_URLS_FILE("start_urls_file", Type.STRING, "", "file of start URLs, one a line (- = standard input)"),
    /**
     * The order of requests by depth: {@code priority} (by priority only, first come first served
     * among equal ones), {@code breadth_first} (shallower requests first, then by priority) or
     * {@code depth_first} (deeper requests first, then by priority), like Scrapy's {@code DEPTH_PRIORITY}.
     * The order is the one in which requests leave the scheduler, among those it holds: level by
     * level only at {@code concurrency = 1}. With more requests in flight, a worker that is free
     * takes the next level's requests while the last pages of a level are still being fetched, and
     * those pages may yield requests of that level later; and hosts take turns, each in its own order.
     */
    CRAWL_ORDER(
            "crawl_order",
            Type.ENUM,
            "priority",
            "order by depth: priority | breadth_first | depth_first; level by level only at concurrency 1",
            "priority",
            "breadth_first",
            "depth_first"),
    /** Seconds between progress lines when the output is not a terminal. */
    PROGRESS_INTERVAL("progress_interval", Type.DURATION, "10", "seconds between progress log lines"),
    /** Seconds that in-flight requests get to finish after the first SIGINT/SIGTERM. */
    SHUTDOWN_GRACE("shutdown_grace", Type.DURATION, "10", "seconds in-flight requests get after SIGINT"),
    /** Where {@code java -jar runtime.jar} looks for spider jars and class folders. */
    SPIDERS_DIR("spiders_dir", Type.STRING, "spiders", "directory of spider jars and class folders"),

    // ---- links and page directives
    /** Follow {@code <meta http-equiv="refresh">} as a redirect (counted as one, within {@code max_redirects}). */
    META_REFRESH("meta_refresh", Type.BOOLEAN, "true", "follow <meta http-equiv=refresh> as a redirect"),
    /** Longest {@code <meta http-equiv="refresh">} delay followed, in seconds; a page with a longer one is parsed as it is. */
    META_REFRESH_MAX_DELAY(
            "meta_refresh_max_delay", Type.DURATION, "100", "longest meta refresh delay followed (seconds)"),
    /**
     * Honour {@code nofollow} and {@code noindex} of {@code <meta name="robots">} and the
     * {@code X-Robots-Tag} header: link rules follow no link of a nofollow page, and the items
     * of a noindex page are dropped ({@code dropped/noindex}).
     */
    RESPECT_ROBOTS_META(
            "respect_robots_meta",
            Type.BOOLEAN,
            "true",
            "honour nofollow/noindex of <meta name=robots> and X-Robots-Tag"),
    /** Link rules skip links marked {@code rel="nofollow"}. */
    SKIP_NOFOLLOW_LINKS("skip_nofollow_links", Type.BOOLEAN, "false", "link rules skip rel=nofollow links"),

    // ---- scheduling
    /** Which scheduler holds the frontier: memory, sqlite or redis. */
    SCHEDULER("scheduler", Type.ENUM, "memory", "frontier: memory | sqlite | redis", "memory", "sqlite", "redis"),
    /** Directory under which resumable crawls keep their state, one folder per spider. */
    JOB_DIR("job_dir", Type.STRING, ".spinneret/jobs", "state directory of resumable crawls"),
    /** Keep responses on disk and replay them in later crawls of the spider (for developing it). */
    HTTP_CACHE("http_cache", Type.BOOLEAN, "false", "replay responses kept on disk by earlier crawls"),
    /** Where the HTTP cache keeps responses, one directory per spider. */
    HTTP_CACHE_DIR("http_cache_dir", Type.STRING, ".spinneret/httpcache", "directory of the HTTP cache"),
    /** Seconds a kept response may be replayed; 0 means for ever. */
    HTTP_CACHE_EXPIRATION(
            "http_cache_expiration", Type.DURATION, "0", "seconds a kept response is replayed (0 = for ever)"),
    /** The Redis server of a distributed crawl, e.g. {@code redis://127.0.0.1:6379/0}. */
    REDIS_URL("redis_url", Type.STRING, "", "Redis URL of a distributed crawl"),
    /**
     * The identity of a distributed crawl: its Redis keys are {@code spinneret:{<crawl id>}:*}.
     * Empty means the spider's name, so every node of one spider joins one crawl.
     */
    CRAWL_ID("crawl_id", Type.STRING, "", "name of a distributed crawl (empty = the spider's name)"),
    /** Start a new distributed crawl even if one of this id already finished ({@code --new-crawl}). */
    NEW_CRAWL("new_crawl", Type.BOOLEAN, "false", "clear a finished distributed crawl and start again"),
    /**
     * Seconds after which a Redis in-flight entry counts as abandoned and is reclaimed. Live nodes
     * renew their leases every third of it, so a killed node's work comes back within this time.
     */
    VISIBILITY_TIMEOUT(
            "visibility_timeout", Type.DURATION, "15", "seconds before a dead node's in-flight work is reclaimed"),
    /** Seconds a Redis command is retried (with back-off) while the server is unreachable before the crawl fails. */
    REDIS_RETRY_TIMEOUT(
            "redis_retry_timeout", Type.DURATION, "60", "seconds Redis commands are retried before the crawl fails"),
    /**
     * Replicas that must hold a Redis crawl's writes before they count as done ({@code WAIT} after
     * each pipelined batch, up to 1 s): with 1, a master killed before replicating loses no
     * acknowledged work. 0 (the default) trusts asynchronous replication. See docs/distributed.md.
     */
    REDIS_WAIT_REPLICAS(
            "redis_wait_replicas", Type.INT, "0", "replicas that must acknowledge Redis writes (WAIT; 0 = none)"),
    /**
     * Seconds a distributed node waits on an empty shared queue, with nothing in flight, before it
     * ends, while another node of the crawl is alive (and may push more work); a node alone ends at once.
     */
    IDLE_TIMEOUT(
            "idle_timeout",
            Type.DURATION,
            "5",
            "seconds a shared queue must stay empty before a node ends, while other nodes are alive"),
    /**
     * How a new Redis crawl remembers seen URLs: {@code exact} (64 bits of each fingerprint, about
     * 7 bytes a URL, no URL lost) or {@code bloom} (a Bloom filter sized by
     * {@code redis_bloom_capacity} and {@code redis_bloom_error_rate}; a false positive drops a URL
     * never crawled). A crawl keeps the filter it was created with. See docs/frontier.md.
     */
    REDIS_SEEN_FILTER(
            "redis_seen_filter", Type.ENUM, "exact", "seen-set of a new Redis crawl: exact | bloom", "exact", "bloom"),
    /** URLs the Bloom filter of {@code redis_seen_filter=bloom} holds at its error rate; past that the rate grows. */
    REDIS_BLOOM_CAPACITY("redis_bloom_capacity", Type.LONG, "10000000", "URLs the Redis Bloom filter is sized for"),
    /** The false-positive rate of the Bloom filter up to its capacity: the share of new URLs dropped as seen. */
    REDIS_BLOOM_ERROR_RATE(
            "redis_bloom_error_rate",
            Type.DOUBLE,
            "0.000001",
            "false-positive rate of the Redis Bloom filter at its capacity"),

    // ---- re-crawls (docs/recrawl.md)
    /**
     * Request every known page of the finished job again ({@code --recrawl}), with
     * {@code If-None-Match} / {@code If-Modified-Since} from the validators kept at its last fetch;
     * only changed and new pages run their callbacks.
     */
    RECRAWL("recrawl", Type.BOOLEAN, "false", "request the known pages of a finished job again, conditionally"),
    /**
     * The minimum age, in seconds, of a known page before a re-crawl requests it again; above 0, each
     * page's interval adapts (halved after a change, doubled after an unchanged visit). 0: every
     * known page at every re-crawl.
     */
    RECRAWL_AFTER(
            "recrawl_after",
            Type.DURATION,
            "0",
            "seconds before a known page is due again (0 = always; >0 adapts per page)"),
    /** The longest a page's adaptive revisit interval grows, in seconds (default 30 days). */
    RECRAWL_MAX_INTERVAL(
            "recrawl_max_interval", Type.DURATION, "2592000", "seconds a page's revisit interval grows to at most"),
    /**
     * Run the callbacks of unchanged pages too, so a re-crawl emits every page's items: requests are
     * then sent without validators (a 304 has no body to parse), and the content hash decides.
     */
    RECRAWL_EMIT_UNCHANGED(
            "recrawl_emit_unchanged", Type.BOOLEAN, "false", "emit the items of unchanged pages in a re-crawl too"),
    /**
     * At the end of a re-crawl that requested every known page and finished, a known page that no
     * link leads to any more from the start URLs is removed, as a 404 would be. Needs the links of
     * every page, which records keep only while this is on: pages last parsed with it off make the
     * rule wait (a warning says how many) until a re-crawl with {@code recrawl_emit_unchanged} parses them.
     */
    /**
     * What becomes of the stored items of a page a re-crawl found removed: {@code keep} them,
     * {@code delete} them from a database output (the SQL databases, MongoDB) by their key, or
     * {@code flag} them: their {@code _removed_at} column (field) gets the time the page was found
     * removed, and a later write of the same item sets it back to null. With {@code flag} every
     * table written gets that column. Records keep the keys of their pages' items only while this
     * is {@code delete} or {@code flag}, so it must be set when the items are written, not only when
     * their pages go.
     */
    RECRAWL_REMOVED_ITEMS(
            "recrawl_removed_items",
            Type.ENUM,
            "keep",
            "items of removed pages in a database output: keep | delete | flag (sets their _removed_at)",
            "keep",
            "delete",
            "flag"),
    RECRAWL_REMOVED_WHEN_UNLINKED(
            "recrawl_removed_when_unlinked",
            Type.BOOLEAN,
            "false",
            "at the end of a full re-crawl, remove the known pages no link reaches any more"),

    // ---- downloading
    /** Seconds to wait for a response (headers and body). */
    DOWNLOAD_TIMEOUT("download_timeout", Type.DURATION, "30", "seconds to wait for a response (0 = no limit)"),
    /** Seconds to wait for a TCP connection. */
    CONNECT_TIMEOUT("connect_timeout", Type.DURATION, "10", "seconds to wait for a connection (0 = no limit)"),
    /** Largest response body accepted, in bytes; larger is a failure, never an OutOfMemoryError. */
    MAX_BODY_SIZE("max_body_size", Type.LONG, "16777216", "largest body in bytes"),
    /** Redirect hops followed per request. */
    MAX_REDIRECTS("max_redirects", Type.INT, "10", "redirect hops followed"),
    /** Keep cookies per spider. */
    COOKIES_ENABLED("cookies_enabled", Type.BOOLEAN, "true", "keep cookies per spider"),
    /**
     * HTTP client: {@code auto} sends plain {@code http://} requests without a proxy over the
     * runtime's own blocking HTTP/1.1 sockets (less CPU) and the rest over java.net.http;
     * {@code jdk} sends everything over java.net.http.
     */
    HTTP_CLIENT("http_client", Type.ENUM, "auto", "auto | jdk (java.net.http for plain http too)", "auto", "jdk"),
    /**
     * Addresses the downloaders refuse to connect to, checked on the address actually connected to
     * (after DNS, on every redirect hop, and for the browser's requests): {@code off} refuses
     * nothing; {@code public} refuses loopback, private, link-local (169.254.169.254 among them),
     * unique-local IPv6, multicast and unspecified addresses; {@code public+loopback} refuses the
     * same but lets loopback through (a crawler of a site on the same machine).
     */
    NETWORK_BOUNDARY(
            "network_boundary",
            Type.ENUM,
            "off",
            "off | public | public+loopback: refuse internal addresses",
            "off",
            "public",
            "public+loopback"),

    // ---- middleware
    /** Seconds between two requests to the same domain; in a Redis crawl, by any of its nodes. */
    DOWNLOAD_DELAY(
            "download_delay",
            Type.DURATION,
            "1",
            "seconds between requests to one domain, over all nodes of a Redis crawl"),
    /** Adapt each domain's delay to its latency and errors (like Scrapy's AutoThrottle). */
    AUTOTHROTTLE("autothrottle", Type.BOOLEAN, "false", "adapt per-domain delay to latency"),
    /** Average requests in flight per domain that the auto-throttle aims at. */
    AUTOTHROTTLE_TARGET_CONCURRENCY(
            "autothrottle_target_concurrency", Type.DOUBLE, "1.0", "auto-throttle target concurrency per domain"),
    /** Largest delay the auto-throttle may set, in seconds. */
    AUTOTHROTTLE_MAX_DELAY("autothrottle_max_delay", Type.DURATION, "60", "largest auto-throttle delay"),
    /** Obey robots.txt. */
    RESPECT_ROBOTS("respect_robots", Type.BOOLEAN, "true", "obey robots.txt"),
    /** Seconds a host whose robots.txt failed with 5xx or was unreachable stays disallowed. */
    ROBOTS_ERROR_TTL(
            "robots_error_ttl", Type.DURATION, "300", "seconds a host with a failing robots.txt stays disallowed"),
    /** Retries of a failed request (connection error, timeout, retryable status). */
    RETRY_TIMES("retry_times", Type.INT, "3", "retries of a failed request"),
    /** Statuses that are retried. */
    RETRY_HTTP_CODES("retry_http_codes", Type.LIST, "500,502,503,504,522,524,408,429", "statuses that are retried"),
    /** First backoff in seconds; doubles per attempt, with jitter. */
    RETRY_BACKOFF("retry_backoff", Type.DURATION, "0.5", "first retry backoff in seconds"),
    /** Largest backoff (and largest honoured Retry-After) in seconds. */
    RETRY_BACKOFF_MAX("retry_backoff_max", Type.DURATION, "60", "largest retry backoff in seconds"),
    /** Failures in a row from one host (connection errors, timeouts, retryable statuses) after which the host is paused for the retry's backoff; 0: never. A 429 or 503 pauses it at once. */
    RETRY_PAUSE_DOMAIN_AFTER(
            "retry_pause_domain_after", Type.INT, "3", "failures in a row that pause a host for the backoff"),
    /** User agents, rotated per request. */
    USER_AGENTS(
            "user_agents",
            Type.LIST,
            "Spinneret/0.1 (+https://github.com/spinneret-crawler/spinneret)",
            "user agents rotated per request"),
    /** HTTP proxies ({@code http://host:port}) spread over requests. */
    PROXIES("proxies", Type.LIST, "", "HTTP proxies, http://host:port"),
    /** A file of HTTP proxies, one per line. */
    PROXY_FILE("proxy_file", Type.STRING, "", "file of HTTP proxies, one per line"),
    /** Seconds a failing proxy is left out. */
    PROXY_COOLDOWN("proxy_cooldown", Type.DURATION, "60", "seconds a failing proxy is left out"),
    /**
     * Sessions chosen by a pool: each request without {@code Request.session(...)} runs in one of
     * {@code session_pool_size} sessions (a cookie jar, a proxy and a user agent bound together), and a
     * session whose response is judged blocked is retired at once (see docs/sessions.md).
     */
    SESSION_POOL("session_pool", Type.BOOLEAN, "false", "run requests in pooled sessions, retired when blocked"),
    /** How many live sessions the pool keeps (over all nodes of a Redis crawl). */
    SESSION_POOL_SIZE("session_pool_size", Type.INT, "10", "live sessions in the pool"),
    /** Requests after which a pooled session is retired; 0: no limit. */
    SESSION_MAX_USES("session_max_uses", Type.INT, "50", "requests per pooled session (0 = no limit)"),
    /** Seconds after which a pooled session is retired; 0: no limit. */
    SESSION_MAX_AGE("session_max_age", Type.DURATION, "3000", "seconds a pooled session lives (0 = no limit)"),
    /** Statuses that mean a session is blocked (unless the spider has a {@code @Blocked} method). */
    SESSION_BLOCKED_STATUSES(
            "session_blocked_statuses", Type.LIST, "401,403,429", "statuses that mean a session is blocked"),
    /** How many times one request is retried in a fresh session after blocked responses; not counted as failures. */
    SESSION_RETRY_TIMES("session_retry_times", Type.INT, "10", "retries of a blocked request in a fresh session"),
    /** Names of extra middlewares (registered through MiddlewareProvider) and where they go. */
    MIDDLEWARES("middlewares", Type.LIST, "", "extra middlewares: name or name@position"),

    // ---- browser
    /** Chromium executable; empty means /usr/bin/chromium-headless-shell, /usr/bin/chromium or a Playwright-managed browser. */
    BROWSER_PATH("browser_path", Type.STRING, "", "Chromium executable"),
    /** Pages rendered at once by the shared browser. */
    BROWSER_POOL_SIZE("browser_pool_size", Type.INT, "4", "pages rendered at once"),
    /** Resource types the browser does not load. */
    BROWSER_BLOCK("browser_block", Type.LIST, "image,font,media", "resource types the browser skips"),
    /** When a rendered page counts as loaded: load, domcontentloaded or networkidle. */
    BROWSER_WAIT_UNTIL(
            "browser_wait_until",
            Type.ENUM,
            "load",
            "load | domcontentloaded | networkidle",
            "load",
            "domcontentloaded",
            "networkidle"),
    /** Seconds a page may take to render. */
    BROWSER_TIMEOUT("browser_timeout", Type.DURATION, "30", "seconds a page may take to render"),
    /** The renderer of the start requests instead of {@code @Spider(renderer)}; {@code spider} keeps the spider's. */
    RENDERER(
            "renderer",
            Type.ENUM,
            "spider",
            "start requests' renderer: spider | http | browser | auto",
            "spider",
            "http",
            "browser",
            "auto"),
    /** Pages of a URL pattern rendered both ways, all agreeing, before renderer auto fetches that pattern over HTTP only. */
    AUTO_RENDER_SAMPLES("auto_render_samples", Type.INT, "5", "renderer auto: agreeing samples per URL pattern"),
    /**
     * Renderer auto samples a decided pattern's page again after this many pages (0 = never); under
     * an HTTP decision the gap doubles after each re-check, up to 100 times this.
     */
    AUTO_RENDER_RECHECK(
            "auto_render_recheck",
            Type.INT,
            "100",
            "renderer auto: pages of a decided pattern before it is re-checked; doubles under HTTP (0 = never)"),

    // ---- output
    /** Output file or database URI; empty means {@code <spider>.jsonl}. */
    OUTPUT("output", Type.STRING, "", "output file or database URI"),
    /** Empty an output file before the crawl writes to it, instead of appending (files only; {@code -O}). */
    OVERWRITE_OUTPUT("overwrite_output", Type.BOOLEAN, "false", "empty output files before writing (files only)"),
    /**
     * What an item that breaks a constraint of its record (or that storage rejects for its data)
     * does: {@code drop} it, counted as {@code items_dropped/invalid}, or {@code fail} the crawl (exit 1).
     */
    INVALID_ITEMS(
            "invalid_items",
            Type.ENUM,
            "drop",
            "drop | fail: an invalid item is dropped and counted, or fails the crawl",
            "drop",
            "fail"),
    /** Items written per storage batch. */
    BATCH_SIZE("batch_size", Type.INT, "200", "items per storage batch"),
    /** Seconds after which a partial batch is written anyway. */
    BATCH_INTERVAL("batch_interval", Type.DURATION, "5", "seconds before a partial batch is flushed"),
    /** Items buffered before the crawl waits for storage (backpressure). */
    PIPELINE_CAPACITY("pipeline_capacity", Type.INT, "10000", "items buffered before the crawl waits for storage"),
    /** Attempts of a failing storage write before the crawl fails. */
    STORAGE_RETRY_TIMES("storage_retry_times", Type.INT, "5", "attempts of a failing storage write"),

    // ---- archives and files (see docs/storage.md and docs/files.md)
    /**
     * A WARC file that records every HTTP exchange of the crawl (request, response, revisit records;
     * gzipped per record when it ends in {@code .gz}); also set by {@code -o crawl.warc.gz}.
     */
    WARC_OUTPUT("warc_output", Type.STRING, "", "WARC file of every exchange (empty = none)"),
    /** Size in bytes past which the WARC output goes on in a new file ({@code name-00001.warc.gz}, ...). */
    WARC_MAX_SIZE("warc_max_size", Type.LONG, "1000000000", "bytes per WARC file before the next one"),
    /** Folder where the files of items' {@code @FileUrl} fields are stored, by content hash. */
    FILES_STORE("files_store", Type.STRING, "files", "folder of downloaded item files"),

    // ---- observing
    /** Names of crawl listeners (registered through CrawlListenerProvider) to add to the crawl. */
    LISTENERS("listeners", Type.LIST, "", "extra crawl listeners, by provider name"),
    /** Write the crawl's final stats as JSON to this file; empty means none. */
    STATS_FILE("stats_file", Type.STRING, "", "file the final stats are written to as JSON"),
    /** Serve Prometheus metrics at {@code host:port}/metrics during the crawl; empty means off. Set by {@code --metrics}. */
    METRICS("metrics", Type.STRING, "", "host:port of the Prometheus scrape endpoint (empty = off)"),
    /** Push metrics over OTLP/HTTP to this URL, e.g. {@code http://127.0.0.1:4318/v1/metrics}; empty means off. */
    METRICS_OTLP("metrics_otlp", Type.STRING, "", "OTLP/HTTP URL metrics are pushed to (empty = off)"),
    /** Seconds between two OTLP pushes. */
    METRICS_OTLP_INTERVAL("metrics_otlp_interval", Type.DURATION, "10", "seconds between OTLP pushes"),
    /** Serve the live crawl page at {@code host:port} during the crawl; empty means off. Set by {@code --ui}. */
    UI("ui", Type.STRING, "", "host:port of the live crawl page (empty = off)"),
    /** The token the live page and the metrics endpoint ask for; required to bind them beyond loopback. */
    UI_TOKEN("ui_token", Type.STRING, "", "token required by the live page and metrics off loopback"),
    /** Save failed requests' responses (and browser screenshots) into this folder; empty means off. */
    ERROR_SNAPSHOTS("error_snapshots", Type.STRING, "", "folder of error snapshots (empty = off)"),
    /** Error snapshots kept at most per crawl. */
    ERROR_SNAPSHOTS_MAX_COUNT("error_snapshots_max_count", Type.INT, "100", "error snapshots kept at most"),
    /** Bytes of error snapshots written at most per crawl. */
    ERROR_SNAPSHOTS_MAX_BYTES("error_snapshots_max_bytes", Type.LONG, "52428800", "bytes of error snapshots at most"),
    /** {@code spinneret serve}: crawls run at once, each in its own process; the others wait, queued. */
    SERVE_MAX_RUNS("serve_max_runs", Type.INT, "2", "spinneret serve: crawls run at once"),
    /** {@code spinneret serve}: JVM options of each run's process, split at blanks, e.g. {@code -Xmx1g}. */
    SERVE_JAVA_OPTIONS("serve_java_options", Type.STRING, "", "spinneret serve: JVM options of each run's process");

    /** The value type of a setting. */
    public enum Type {
        INT,
        LONG,
        DOUBLE,
        DURATION,
        BOOLEAN,
        STRING,
        LIST,
        ENUM
    }

    /** An {@code allowed_domains} entry: a host name or IPv4 address, or a bracketed IPv6 literal, with an optional port; or a bare IPv6 literal. */
    private static final String DOMAIN =
            "(?:[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?|\\[[0-9A-Fa-f:.]+])(?::[0-9]{1,5})?"
                    + "|[0-9A-Fa-f.]*:[0-9A-Fa-f.]*:[0-9A-Fa-f:.]*";

    private static final Map<String, Setting> BY_KEY = new HashMap<>();

    static {
        for (Setting s : values()) BY_KEY.put(s.key, s);
    }

    private final String key;
    private final Type type;
    private final String defaultValue;
    private final String description;
    private final List<String> choices;

    Setting(String key, Type type, String defaultValue, String description, String... choices) {
        this.key = key;
        this.type = type;
        this.defaultValue = defaultValue;
        this.description = description;
        this.choices = List.of(choices);
    }

    /** The key as written in settings, e.g. {@code download_delay}. */
    public String key() {
        return key;
    }

    public Type type() {
        return type;
    }

    /** The built-in default, as a string in the same syntax a user writes. */
    public String defaultValue() {
        return defaultValue;
    }

    public String description() {
        return description;
    }

    /** The allowed values of an {@link Type#ENUM} setting, else empty. */
    public List<String> choices() {
        return choices;
    }

    /** The setting with this key, if any. */
    public static Optional<Setting> byKey(String key) {
        return Optional.ofNullable(BY_KEY.get(key));
    }

    /**
     * Checks a textual value against this setting's type.
     *
     * @return empty if the value is valid, else a message such as {@code expects an integer, got "x"}
     */
    public Optional<String> check(String value) {
        String v = value.trim();
        try {
            switch (type) {
                case INT -> {
                    return outOfRange(Integer.parseInt(v), value);
                }
                case LONG -> {
                    return outOfRange(Long.parseLong(v), value);
                }
                case DOUBLE -> {
                    double n = Double.parseDouble(v);
                    if (!Double.isFinite(n)) return Optional.of("expects a finite number, got \"" + value + "\"");
                    return outOfRange(n, value);
                }
                case DURATION -> {
                    double n = Double.parseDouble(v);
                    // NaN passes every comparison and Infinity every bound: neither is a number of seconds
                    if (!(n >= 0) || Double.isInfinite(n)) {
                        return Optional.of("expects a non-negative, finite number of seconds, got \"" + value + "\"");
                    }
                    return outOfRange(n, value);
                }
                case BOOLEAN -> {
                    if (!v.equalsIgnoreCase("true") && !v.equalsIgnoreCase("false"))
                        return Optional.of("expects true or false, got \"" + value + "\"");
                }
                case ENUM -> {
                    if (!choices.contains(v.toLowerCase(Locale.ROOT)))
                        return Optional.of("expects one of " + String.join(", ", choices) + ", got \"" + value + "\"");
                }
                case STRING -> {}
                case LIST -> {
                    // an empty value here is a slip (-s start_urls=$URL with URL unset), not a wish for the spider's
                    // own
                    if (this == START_URLS && v.replace(",", "").isBlank()) {
                        return Optional.of(
                                "is empty: give one http(s) URL or more, or leave it out to crawl the spider's own start URLs");
                    }
                    for (String item : v.split(",")) {
                        String x = item.trim();
                        if (x.isEmpty()) continue;
                        if (this == START_URLS && !isHttpUrl(x)) {
                            boolean hostWithoutScheme = x.matches("[A-Za-z0-9.\\-]+(:[0-9]+)?([/?#]\\S*)?");
                            String hint = hostWithoutScheme ? " (did you mean http://" + x + "?)" : "";
                            return Optional.of("expects http(s) URLs, got \"" + x + "\"" + hint);
                        }
                        if (this == ALLOWED_DOMAINS && !x.matches(DOMAIN)) {
                            return Optional.of(
                                    "expects domain names such as example.com, host:port, IP addresses or [IPv6]"
                                            + " literals, got \"" + x + "\"");
                        }
                    }
                }
            }
        } catch (NumberFormatException e) {
            return Optional.of("expects " + (type == Type.INT || type == Type.LONG ? "an integer" : "a number")
                    + ", got \"" + value + "\"");
        }
        return Optional.empty();
    }

    /** The range of a numeric setting whose type alone allows values that mean nothing (a concurrency of 0, say). */
    private Optional<String> outOfRange(double n, String value) {
        String wanted = switch (this) {
            case CONCURRENCY,
                    BROWSER_POOL_SIZE,
                    SESSION_POOL_SIZE,
                    AUTO_RENDER_SAMPLES,
                    BATCH_SIZE,
                    PIPELINE_CAPACITY,
                    MAX_BODY_SIZE,
                    STORAGE_RETRY_TIMES,
                    WARC_MAX_SIZE -> n >= 1 ? null : "an integer >= 1";
            case CONCURRENCY_PER_DOMAIN,
                    MAX_ITEMS,
                    MAX_REQUESTS,
                    MAX_PAGES_PER_HOST,
                    MAX_PAGES_PER_DOMAIN,
                    MAX_FAILURES,
                    DEPTH_LIMIT,
                    MAX_REDIRECTS,
                    RETRY_TIMES,
                    RETRY_PAUSE_DOMAIN_AFTER,
                    AUTO_RENDER_RECHECK,
                    SESSION_MAX_USES,
                    SESSION_RETRY_TIMES -> n >= 0 ? null : "an integer >= 0";
            case AUTOTHROTTLE_TARGET_CONCURRENCY, BROWSER_TIMEOUT -> n > 0 ? null : "a number > 0";
            // below a millisecond every request would time out, and the error would say "after 0s"
            case DOWNLOAD_TIMEOUT, CONNECT_TIMEOUT ->
                n == 0 || n >= 0.001 ? null : "0 (no limit) or at least 0.001 seconds";
            default -> null;
        };
        return wanted == null ? Optional.empty() : Optional.of("expects " + wanted + ", got \"" + value + "\"");
    }

    /**
     * Whether {@code url} looks like an absolute http or https URL with a host: the check of a start
     * URL where the runtime's URL parser is not at hand (this module, the annotation processor). The
     * runtime parses every start URL by the URL Standard before the crawl, and refuses more (a port
     * above 65535, a host that is no host).
     */
    public static boolean isHttpUrl(String url) {
        return url.matches("(?i)https?://[^\\s/?#]+\\S*");
    }

    /** All keys, for "did you mean" hints and error messages. */
    public static List<String> keys() {
        return Arrays.stream(values()).map(Setting::key).toList();
    }
}
