package io.spinneret.serve;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Clock;
import org.jspecify.annotations.Nullable;

/**
 * What {@code spinneret serve} is told.
 *
 * @param spidersDir the folder of spider jars and class folders the runs use ({@code --spiders})
 * @param host the address to listen on ({@code --host}, 127.0.0.1 by default)
 * @param port the port ({@code --port}; 0 picks a free one)
 * @param dataDir where the database and the runs' files are kept ({@code --data-dir})
 * @param token the token every request must present; empty only on loopback ({@code --token}, {@code SPINNERET_TOKEN})
 * @param settingsFile a settings file every run reads, or null
 * @param maxRuns runs at once ({@code serve_max_runs})
 * @param javaOptions JVM options of each run's process ({@code serve_java_options})
 * @param clock the clock schedules fire by (a test's own, to fire a schedule without waiting a minute)
 */
public record ServeConfig(
        Path spidersDir,
        String host,
        int port,
        Path dataDir,
        String token,
        @Nullable Path settingsFile,
        int maxRuns,
        String javaOptions,
        Clock clock) {

    /**
     * @throws IllegalArgumentException for a host beyond loopback without a token, an unknown host,
     *     a port out of range or fewer than one run at once
     */
    public ServeConfig {
        if (port < 0 || port > 65535) throw new IllegalArgumentException("--port must be 0 to 65535, got " + port);
        if (maxRuns < 1) throw new IllegalArgumentException("serve_max_runs must be at least 1, got " + maxRuns);
        if (token.isBlank() && !loopback(host)) {
            throw new IllegalArgumentException("refusing to listen on " + host + ", beyond loopback, without a token:"
                    + " give --token (or set SPINNERET_TOKEN) to a secret every request must present,"
                    + " or listen on 127.0.0.1");
        }
    }

    private static boolean loopback(String host) {
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("--host: unknown host '" + host + "'");
        }
    }
}
