package io.spinneret.scheduler.redis;

import io.spinneret.api.SpinneretException;
import io.spinneret.settings.InvalidSettingException;
import io.spinneret.settings.Secrets;
import java.io.IOException;
import java.io.InputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManagerFactory;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import org.jspecify.annotations.Nullable;
import redis.clients.jedis.Connection;
import redis.clients.jedis.ConnectionPool;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.RedisClusterClient;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.providers.ClusterConnectionProvider;
import redis.clients.jedis.util.JedisClusterCRC16;

/**
 * Where a distributed crawl's Redis is, parsed from its URL:
 * <ul>
 *   <li>{@code redis://[user[:password]@]host[:port][/db]}: one server ({@code rediss://} over TLS);</li>
 *   <li>{@code redis-cluster://[user[:password]@]host:port[,host:port...]}: a Redis Cluster, found
 *       from any of the given nodes ({@code rediss-cluster://} over TLS); database 0 only.</li>
 * </ul>
 * User and password are percent-decoded; without a user, the password authenticates the
 * {@code default} user. A query {@code ?cacert=/path/ca.pem} trusts that CA certificate (PEM) for
 * TLS instead of the JVM's trust store.
 *
 * <p>{@link #toString()} and {@link #redacted()} never show the password: they are what goes into
 * logs, stats, {@code status} and error messages.
 */
public final class RedisEndpoint {
    private static final int DEFAULT_PORT = 6379;
    /** How often a cluster client re-reads the slots by itself; after a failure it does so at once. */
    private static final Duration TOPOLOGY_REFRESH_PERIOD = Duration.ofSeconds(5);

    private final String scheme;
    private final List<HostAndPort> nodes;
    private final @Nullable String user;
    private final @Nullable String password;
    private final int database;
    private final @Nullable Path caCert;

    private RedisEndpoint(
            String scheme,
            List<HostAndPort> nodes,
            @Nullable String user,
            @Nullable String password,
            int database,
            @Nullable Path caCert) {
        this.scheme = scheme;
        this.nodes = List.copyOf(nodes);
        this.user = user;
        this.password = password;
        this.database = database;
        this.caCert = caCert;
    }

    /**
     * Parses a Redis URL.
     *
     * @throws SpinneretException naming the (redacted) URL and what is wrong with it
     */
    public static RedisEndpoint parse(String url) {
        String u = url.strip();
        int colon = u.indexOf("://");
        String scheme = colon < 0 ? "" : u.substring(0, colon).toLowerCase(Locale.ROOT);
        if (!Set.of("redis", "rediss", "redis-cluster", "rediss-cluster").contains(scheme)) {
            throw bad(url, "the scheme must be redis://, rediss://, redis-cluster:// or rediss-cluster://");
        }
        String rest = u.substring(colon + 3);
        String query = "";
        int q = rest.indexOf('?');
        if (q >= 0) {
            query = rest.substring(q + 1);
            rest = rest.substring(0, q);
        }
        String path = "";
        int slash = rest.indexOf('/');
        if (slash >= 0) {
            path = rest.substring(slash + 1);
            rest = rest.substring(0, slash);
        }
        String user = null, password = null;
        int at = rest.lastIndexOf('@');
        if (at >= 0) {
            String info = rest.substring(0, at);
            rest = rest.substring(at + 1);
            int c = info.indexOf(':');
            String rawUser = c < 0 ? info : info.substring(0, c);
            user = rawUser.isEmpty() ? null : decode(rawUser);
            password = c < 0 ? null : decode(info.substring(c + 1));
            if (c < 0 && user != null) { // redis://secret@host: a lone name is the password, as redis-cli reads it
                password = user;
                user = null;
            }
        }
        List<HostAndPort> nodes = new ArrayList<>();
        for (String node : rest.split(",")) {
            if (node.isBlank()) continue;
            nodes.add(hostAndPort(url, node.strip()));
        }
        if (nodes.isEmpty()) throw bad(url, "no host");
        boolean cluster = scheme.endsWith("-cluster");
        if (!cluster && nodes.size() > 1) throw bad(url, "several hosts are for a cluster: use redis-cluster://");
        int db = 0;
        if (!path.isEmpty()) {
            try {
                db = Integer.parseInt(path);
            } catch (NumberFormatException e) {
                throw bad(url, "the path must be a database number, not '" + path + "'");
            }
            if (cluster && db != 0) throw bad(url, "a Redis Cluster has database 0 only");
        }
        Path ca = null;
        for (String param : query.split("&")) {
            if (param.isEmpty()) continue;
            int eq = param.indexOf('=');
            String name = eq < 0 ? param : param.substring(0, eq);
            String value = eq < 0 ? "" : decode(param.substring(eq + 1));
            if (name.equals("cacert")) ca = Path.of(value);
            else throw bad(url, "unknown parameter '" + name + "' (known: cacert)");
        }
        return new RedisEndpoint(scheme, nodes, user, password, db, ca);
    }

    private static HostAndPort hostAndPort(String url, String node) {
        String host = node;
        int port = DEFAULT_PORT;
        int c = node.lastIndexOf(':');
        if (c >= 0 && !node.endsWith("]")) {
            host = node.substring(0, c);
            try {
                port = Integer.parseInt(node.substring(c + 1));
            } catch (NumberFormatException e) {
                throw bad(url, "bad port in '" + node + "'");
            }
        }
        if (host.startsWith("[") && host.endsWith("]")) host = host.substring(1, host.length() - 1);
        if (host.isEmpty()) throw bad(url, "no host in '" + node + "'");
        return new HostAndPort(host, port);
    }

    private static String decode(String s) {
        return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    private static InvalidSettingException bad(String url, String why) {
        return new InvalidSettingException("bad redis_url '" + redact(url) + "': " + why);
    }

    /** {@code url} with the password of its user info replaced by {@code ***}, however malformed it is. */
    public static String redact(String url) {
        return Secrets.redact(url);
    }

    /** True for {@code redis-cluster://} and {@code rediss-cluster://}. */
    public boolean isCluster() {
        return scheme.endsWith("-cluster");
    }

    /** True for {@code rediss://} and {@code rediss-cluster://}. */
    public boolean isTls() {
        return scheme.startsWith("rediss");
    }

    /** The URL without its password. */
    public String redacted() {
        StringBuilder b = new StringBuilder(scheme).append("://");
        if (user != null || password != null) {
            if (user != null) b.append(user);
            if (password != null) b.append(user != null ? ":***" : "***");
            b.append('@');
        }
        for (int i = 0; i < nodes.size(); i++) {
            if (i > 0) b.append(',');
            HostAndPort n = nodes.get(i);
            b.append(n.getHost().contains(":") ? "[" + n.getHost() + "]" : n.getHost())
                    .append(':')
                    .append(n.getPort());
        }
        if (!isCluster()) b.append('/').append(database);
        if (caCert != null) b.append("?cacert=").append(caCert);
        return b.toString();
    }

    @Override
    public String toString() {
        return redacted();
    }

    /**
     * Connects: a {@link RedisClient} (a pool of {@code connections}) or, for a cluster, a
     * {@link RedisClusterClient} that follows the cluster's slots and failovers.
     *
     * @param timeout the socket timeout of one command
     */
    UnifiedJedis connect(Duration timeout, int connections) {
        return open(timeout, connections).client();
    }

    /**
     * A client and what follows a failover: for a cluster, asking the nodes which master holds
     * which slot now ({@code CLUSTER SLOTS}); for one server, nothing.
     *
     * @param client the commands' client
     * @param refreshTopology re-reads a cluster's slots at once (a no-op on one server)
     * @param loadScript loads a script on every node (every master and replica of a cluster), so
     *     that whichever node a key's slot moves to knows it
     * @param masterOf which master a key is on (equal for keys on one master): for a cluster, the
     *     master of the key's slot as the client knows it now; for one server, the server
     */
    record Connected(
            UnifiedJedis client,
            Runnable refreshTopology,
            Consumer<String> loadScript,
            Function<byte[], Object> masterOf) {
        /** One server: every key is on it. */
        Connected(UnifiedJedis client) {
            this(client, () -> {}, client::scriptLoad, key -> client);
        }
    }

    /** {@link #connect}, with the client's topology refresh and script loading. */
    Connected open(Duration timeout, int connections) {
        DefaultJedisClientConfig.Builder config = DefaultJedisClientConfig.builder()
                .connectionTimeoutMillis((int) Math.min(timeout.toMillis(), 10_000))
                .socketTimeoutMillis((int) timeout.toMillis())
                .database(database)
                .clientName("spinneret")
                .ssl(isTls());
        if (user != null) config.user(user);
        if (password != null) config.password(password);
        if (isTls() && caCert != null) config.sslSocketFactory(trusting(caCert));
        GenericObjectPoolConfig<Connection> pool = pool(connections);
        if (isCluster()) {
            DefaultJedisClientConfig clientConfig = config.build();
            ClusterConnectionProvider provider = new ClusterConnectionProvider(
                    new LinkedHashSet<>(nodes), clientConfig, pool, TOPOLOGY_REFRESH_PERIOD);
            UnifiedJedis client = RedisClusterClient.builder()
                    .nodes(new LinkedHashSet<>(nodes))
                    .clientConfig(clientConfig)
                    .connectionProvider(provider)
                    .maxAttempts(5)
                    .maxTotalRetriesDuration(timeout.multipliedBy(2))
                    .build();
            return new Connected(
                    client,
                    provider::renewSlotCache,
                    source -> loadEverywhere(provider, source),
                    key -> masterOfSlot(provider, JedisClusterCRC16.getSlot(key)));
        }
        UnifiedJedis client = RedisClient.builder()
                .hostAndPort(nodes.get(0))
                .clientConfig(config.build())
                .poolConfig(pool)
                .build();
        return new Connected(client);
    }

    private static GenericObjectPoolConfig<Connection> pool(int connections) {
        GenericObjectPoolConfig<Connection> pool = new GenericObjectPoolConfig<>();
        pool.setMaxTotal(connections);
        pool.setMaxIdle(connections);
        pool.setJmxEnabled(false); // JMX would start the platform's MBean server: about 0.3 CPU-s
        return pool;
    }

    /**
     * Loads and initialises the client's classes without connecting anywhere: a client is built
     * for a server it never talks to, and closed ({@link RedisScheduler#warmUp}).
     */
    static void warmUp() {
        try (UnifiedJedis unused = RedisClient.builder()
                .hostAndPort(new HostAndPort("127.0.0.1", 6379))
                .clientConfig(DefaultJedisClientConfig.builder().build())
                .poolConfig(pool(1))
                .build()) {
            for (String name : List.of(
                    "redis.clients.jedis.Pipeline", "redis.clients.jedis.Protocol", "redis.clients.jedis.Connection")) {
                Class.forName(name, true, RedisEndpoint.class.getClassLoader());
            }
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The master of a slot as the client knows it, or the slot itself while it knows none. */
    private static Object masterOfSlot(ClusterConnectionProvider provider, int slot) {
        HostAndPort master = provider.getNode(slot);
        return master != null ? master : slot;
    }

    /** Loads a script on every node the cluster client knows; a node that is down is skipped. */
    private static void loadEverywhere(ClusterConnectionProvider provider, String source) {
        JedisException last = null;
        int loaded = 0;
        for (ConnectionPool node : provider.getNodes().values()) {
            try (Connection c = node.getResource()) {
                new Jedis(c).scriptLoad(source);
                loaded++;
            } catch (JedisException down) {
                last = down;
            }
        }
        if (loaded == 0 && last != null) throw last;
    }

    private SSLSocketFactory trusting(Path pem) {
        try (InputStream in = Files.newInputStream(pem)) {
            KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
            trust.load(null, null);
            int i = 0;
            for (Certificate cert : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                trust.setCertificateEntry("ca" + i++, cert);
            }
            if (i == 0) throw new SpinneretException("redis_url " + redacted() + ": no certificate in " + pem);
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(trust);
            SSLContext tls = SSLContext.getInstance("TLS");
            tls.init(null, tmf.getTrustManagers(), null);
            return tls.getSocketFactory();
        } catch (IOException | GeneralSecurityException e) {
            throw new SpinneretException(
                    "redis_url " + redacted() + ": cannot read the CA certificate " + pem + ": " + e.getMessage(), e);
        }
    }
}
