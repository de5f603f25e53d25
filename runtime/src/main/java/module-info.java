/**
 * The Spinneret runtime. What a program may use is exported: the spider API, the extension
 * points, the crawler to embed, the settings, and the contract the annotation processor's
 * generated code is written against; the CLI's developer tools are exported for the test kit only.
 * The engine ({@code io.spinneret.engine}), the built-in downloaders, schedulers and storages
 * (chosen by settings, not by name), the pipeline and the command line are not.
 *
 * <p>Seven dependencies publish no module name, so theirs comes from their jar's file name and may
 * change with a release that adds one: {@code crawler.commons} (robots.txt, sitemaps),
 * {@code dec} (Brotli), {@code aircompressor} (zstd), {@code playwright} and {@code driver} (the browser), {@code jwarc} (WARC
 * output), {@code readability4j} and {@code flexmark.html2md.converter} (a page's main content), {@code HdrHistogram}
 * (latency percentiles); Micrometer's come from their manifests. The runtime's own jar is
 * normally run from the class path, where none of this applies.
 */
module io.spinneret.runtime {
    // the spider API: what @Spider classes are written against
    exports io.spinneret.api;
    // running a crawl from a program: Crawler.of(...) and Crawler.builder(...), CrawlResult, SpiderCatalog
    exports io.spinneret.embed;
    // the CLI's developer tools (fetch, parse, shell): PageFetcher, CallbackRun. Exported for the test
    // kit, which runs on the class path and so cannot be named in a qualified export; not a stable API
    exports io.spinneret.devtools;
    // settings, as the crawler and a MiddlewareProvider take them
    exports io.spinneret.settings;
    // link extraction and rules: what Response.links() returns, the @Follow rules of generated code
    exports io.spinneret.links;
    // structured data (JSON-LD, microdata, OpenGraph): what Response.structuredData() returns
    exports io.spinneret.structured;
    // the extension SPI: Scheduler, Storage, Downloader, CrawlContext, Stats
    exports io.spinneret.spi;
    // item processors (ItemProcessor, DropItem) and the chain that runs them and the constraints
    exports io.spinneret.items;
    // watching a crawl: CrawlListener and its events, CrawlListenerProvider
    exports io.spinneret.observe;
    // the middleware SPI (Middleware, Chain, MiddlewareProvider) and the built-in middlewares
    exports io.spinneret.middleware;
    // For generated code only: the annotation processor writes each spider's dispatcher, item
    // schemas and registry against these types, and that code lives in the user's jar. Not an API
    // for hand-written code; it changes with the processor (see its package javadoc).
    exports io.spinneret.internal;

    // picocli reads the commands' annotated fields
    opens io.spinneret.cli to
            info.picocli;

    uses io.spinneret.internal.SpiderRegistry;
    uses io.spinneret.middleware.MiddlewareProvider;
    uses io.spinneret.observe.CrawlListenerProvider;

    requires transitive io.spinneret.annotations;
    requires transitive org.jsoup;
    requires static transitive org.jspecify;
    requires org.slf4j;

    // spinneret shell evaluates Java snippets with JShell, in this JVM
    requires jdk.jshell;
    requires java.management;
    requires java.net.http;
    requires java.sql;
    requires jdk.httpserver;
    requires jdk.management;
    requires jdk.unsupported;

    // Response.json() hands spiders a JsonNode; generated item serializers write with a JsonGenerator
    requires transitive com.fasterxml.jackson.core;
    requires transitive com.fasterxml.jackson.databind;
    requires com.fasterxml.jackson.dataformat.toml;
    requires com.google.gson;
    requires com.zaxxer.hikari;
    requires info.picocli;
    requires org.jline.reader;
    requires org.jline.terminal;
    requires org.mongodb.bson;
    requires org.mongodb.driver.core;
    requires org.mongodb.driver.sync.client;
    requires org.xerial.sqlitejdbc;
    requires com.cronutils;
    requires redis.clients.jedis;
    requires org.apache.commons.pool2;
    // IDNA (UTS #46) host mapping of the URL parser
    requires com.ibm.icu;
    requires micrometer.core;
    requires micrometer.registry.prometheus;
    requires micrometer.registry.otlp;

    // no module name of their own (see above)
    requires crawler.commons;
    requires flexmark.html2md.converter;
    requires jwarc;
    requires readability4j;
    requires aircompressor;
    requires dec;
    requires driver;
    requires playwright;
    requires HdrHistogram;
}
