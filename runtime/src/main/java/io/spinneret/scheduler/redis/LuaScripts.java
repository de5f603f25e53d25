package io.spinneret.scheduler.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * One of the scheduler's Lua scripts (resources next to this class), run by SHA with
 * {@code EVALSHA}; {@link CommandPipeline} loads it again if the server forgot it (a restart or
 * {@code SCRIPT FLUSH}). Each is sent with {@code frontier.lua} in front: the layout of the keys
 * and the queue operations the scripts share.
 */
enum LuaScripts {
    PUSH, POP, ACK, REQUEUE, TOUCH, RESET, LAYOUT;

    private final String source;
    private final String sha;

    LuaScripts() {
        try {
            source = resource("frontier.lua") + resource(name().toLowerCase(java.util.Locale.ROOT) + ".lua");
            // Redis names a script by the SHA-1 of its text
            sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(source.getBytes(StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is required by every Java platform", e);
        }
    }

    private static String resource(String file) throws IOException {
        try (InputStream in = LuaScripts.class.getResourceAsStream(file)) {
            if (in == null) throw new IllegalStateException("missing resource " + file);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    String source() {
        return source;
    }

    String sha() {
        return sha;
    }
}
