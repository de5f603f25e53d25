package io.spinneret.scheduler.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;

/**
 * One of the scheduler's Lua scripts (resources next to this class), run by SHA with
 * {@code EVALSHA}; {@link CommandPipeline} loads it again if the server forgot it (a restart or
 * {@code SCRIPT FLUSH}). The frontier's scripts are sent with {@code frontier.lua} in front: the
 * layout of the keys and the queue operations they share.
 *
 * <p>{@link #once()} is the same script made safe to send twice: it is wrapped in a function and
 * followed by {@code once.lua}, which keeps the reply under a token key (an extra last key) and
 * answers a repeated call with that reply instead of running the script again. A pop whose reply
 * was lost on the connection is retried that way, so it leaves no orphan lease.
 */
enum LuaScripts {
    PUSH(true),
    POP(true),
    ACK(true),
    REQUEUE(true),
    TOUCH(true),
    UNSEE(true),
    RESET(false),
    LAYOUT(false),
    BUCKET(false),
    ACTIVE(false),
    BEGIN(false),
    FINISH(false),
    BEAT(false),
    THROTTLE(false),
    SESSIONS(false),
    BUDGET(false),
    SIMHASH(false);

    /** A script's text and the SHA-1 Redis names it by. */
    record Script(String source, String sha) {
        static Script of(String source) {
            try {
                return new Script(
                        source,
                        HexFormat.of()
                                .formatHex(MessageDigest.getInstance("SHA-1")
                                        .digest(source.getBytes(StandardCharsets.UTF_8))));
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("SHA-1 is required by every Java platform", e);
            }
        }
    }

    private final Script plain;
    private final Script once;

    LuaScripts(boolean frontier) {
        String source = (frontier ? resource("frontier.lua") : "") + resource(name().toLowerCase(Locale.ROOT) + ".lua");
        plain = Script.of(source);
        once = Script.of("local function body()\n" + source + "\nend\n" + resource("once.lua"));
    }

    private static String resource(String file) {
        try (InputStream in = LuaScripts.class.getResourceAsStream(file)) {
            if (in == null) throw new IllegalStateException("missing resource " + file);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Script plain() {
        return plain;
    }

    /** The script run at most once per token key (the extra last key, {@code <namespace>once:<ms to keep>:<uuid>}). */
    Script once() {
        return once;
    }
}
