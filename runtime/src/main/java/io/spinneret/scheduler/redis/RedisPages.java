package io.spinneret.scheduler.redis;

import io.spinneret.api.SpinneretException;
import io.spinneret.spi.PageBudget;
import io.spinneret.spi.SimHashIndex;
import java.util.HexFormat;
import java.util.List;
import org.jspecify.annotations.Nullable;
import redis.clients.jedis.exceptions.JedisException;

/**
 * What a Redis crawl keeps about its pages, for all its nodes: the page budgets per host and
 * domain ({@code budget} hash, {@code budget} script) and the near-duplicate groups
 * ({@code simhash} hash, {@code simhash} script), each decision one script call, so atomic across
 * nodes. Both keys are under the crawl's prefix (its hash tag) and are cleared with the frontier
 * when a crawl starts again. Thread-safe.
 */
final class RedisPages implements PageBudget, SimHashIndex {
    static final List<String> KEY_NAMES = List.of("budget", "simhash");

    private final CommandPipeline redis;
    private final String budget;
    private final String simhash;

    /** @param namespace the crawl's key prefix */
    RedisPages(CommandPipeline redis, String namespace) {
        this.redis = redis;
        this.budget = namespace + KEY_NAMES.get(0);
        this.simhash = namespace + KEY_NAMES.get(1);
    }

    @Override
    public Verdict admit(String host, String domain, String fingerprint, long maxPerHost, long maxPerDomain) {
        long answer = (Long) eval(
                LuaScripts.BUDGET,
                budget,
                List.of(host, domain, fingerprint, Long.toString(maxPerHost), Long.toString(maxPerDomain)));
        return Verdict.values()[(int) answer];
    }

    @Override
    public @Nullable String firstNear(long simHash, String url) {
        Object first = eval(
                LuaScripts.SIMHASH,
                simhash,
                List.of(HexFormat.of().toHexDigits(simHash), url, Integer.toString(MAX_DISTANCE)));
        return first == null || first.equals(url) ? null : (String) first;
    }

    private @Nullable Object eval(LuaScripts script, String key, List<String> args) {
        try {
            return redis.eval(script.plain(), List.of(key), args);
        } catch (JedisException e) {
            throw new SpinneretException("Redis scheduler " + key + ": " + e.getMessage(), e);
        }
    }
}
