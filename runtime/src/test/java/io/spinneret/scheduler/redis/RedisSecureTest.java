package io.spinneret.scheduler.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.spinneret.api.Request;
import io.spinneret.api.SpinneretException;
import io.spinneret.scheduler.redis.RedisScheduler.Mode;
import io.spinneret.scheduler.redis.RedisScheduler.Options;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Redis with an ACL user and over TLS (certificates made here with openssl): the crawl works, and
 * the password shows nowhere: not in logs, errors, {@code status} or the URL's display.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RedisSecureTest {
    private static final String PASSWORD = "s3cr3t-Pa55word";
    private static final String[] ACL = {
        "--user", "default", "off", "--user", "crawler", "on", ">" + PASSWORD, "~spinneret:*", "&*", "+@all"
    };

    @TempDir
    Path dir;

    private static Options options(String url) {
        return new Options(url, "secure", Duration.ofSeconds(15), Duration.ofSeconds(2));
    }

    private static void crawlAndCheck(String url) throws Exception {
        String logs = CapturedLogs.during(() -> {
            try (RedisScheduler s = RedisScheduler.open(options(url), Mode.NEW)) {
                assertTrue(s.push(Request.of("http://example.com/a")));
                assertNotNull(s.poll(Duration.ofSeconds(1)));
                assertFalse(s.endpoint().contains(PASSWORD), s.endpoint());
                try (RedisScheduler inspector = RedisScheduler.inspect(url, "secure")) {
                    String status = inspector.status().describe();
                    assertTrue(status.contains("running"), status);
                    assertFalse(status.contains(PASSWORD), status);
                }
            }
            SpinneretException wrong = assertThrows(
                    SpinneretException.class,
                    () -> RedisScheduler.open(
                            options(url.replace(PASSWORD, "not-" + PASSWORD.substring(3))), Mode.JOIN));
            assertFalse(wrong.getMessage().contains(PASSWORD.substring(3)), wrong.getMessage());
            assertTrue(wrong.getMessage().contains("***"), wrong.getMessage());
            SpinneretException none = assertThrows(
                    SpinneretException.class,
                    () -> RedisScheduler.open(options(url.replace("crawler:" + PASSWORD + "@", "")), Mode.JOIN));
            assertFalse(none.getMessage().contains(PASSWORD), none.getMessage());
        });
        assertFalse(logs.contains(PASSWORD.substring(3)), "the password is in the logs:\n" + logs);
    }

    @Test
    void anAclUserWithAPasswordCrawlsAndThePasswordShowsNowhere() throws Exception {
        try (OwnRedisServer redis = OwnRedisServer.start(dir, ACL)) {
            crawlAndCheck("redis://crawler:" + PASSWORD + "@127.0.0.1:" + redis.port() + "/0");
        }
    }

    @Test
    void rediss_speaksTlsTrustingTheGivenCa() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/openssl")), "skipped: no openssl to make certificates");
        Path ca = dir.resolve("ca.pem"),
                caKey = dir.resolve("ca.key"),
                cert = dir.resolve("server.pem"),
                key = dir.resolve("server.key");
        Files.writeString(dir.resolve("san.ext"), "subjectAltName=IP:127.0.0.1,DNS:localhost\n");
        openssl(
                "req",
                "-x509",
                "-newkey",
                "rsa:2048",
                "-nodes",
                "-keyout",
                caKey.toString(),
                "-out",
                ca.toString(),
                "-days",
                "2",
                "-subj",
                "/CN=spinneret-test-ca");
        openssl(
                "req",
                "-newkey",
                "rsa:2048",
                "-nodes",
                "-keyout",
                key.toString(),
                "-out",
                dir.resolve("server.csr").toString(),
                "-subj",
                "/CN=127.0.0.1");
        openssl(
                "x509",
                "-req",
                "-in",
                dir.resolve("server.csr").toString(),
                "-CA",
                ca.toString(),
                "-CAkey",
                caKey.toString(),
                "-CAcreateserial",
                "-out",
                cert.toString(),
                "-days",
                "2",
                "-extfile",
                dir.resolve("san.ext").toString());
        try (OwnRedisServer redis = OwnRedisServer.startTls(dir, cert, key, ca, ACL)) {
            String url = "rediss://crawler:" + PASSWORD + "@127.0.0.1:" + redis.port() + "/0?cacert=" + ca;
            crawlAndCheck(url);
            // without the CA the server's certificate is not trusted
            assertThrows(
                    SpinneretException.class,
                    () -> RedisScheduler.open(options(url.substring(0, url.indexOf('?'))), Mode.JOIN));
            // plain Redis on a TLS port does not get through either
            assertThrows(
                    SpinneretException.class,
                    () -> RedisScheduler.open(
                            options(url.replace("rediss://", "redis://").substring(0, url.indexOf('?') - 1)),
                            Mode.JOIN));
        }
    }

    @Test
    void theUrlIsShownWithoutItsPassword() {
        assertEquals(
                "redis://crawler:***@127.0.0.1:6379/2",
                RedisEndpoint.parse("redis://crawler:" + PASSWORD + "@127.0.0.1/2")
                        .redacted());
        assertEquals(
                "redis-cluster://***@a:1,b:2",
                RedisEndpoint.parse("redis-cluster://:" + PASSWORD + "@a:1,b:2").redacted());
        assertEquals("redis://u:***@h:1/0", RedisEndpoint.redact("redis://u:" + PASSWORD + "@h:1/0"));
        SpinneretException bad = assertThrows(
                SpinneretException.class, () -> RedisEndpoint.parse("redis://u:" + PASSWORD + "@h:notaport/0"));
        assertFalse(bad.getMessage().contains(PASSWORD), bad.getMessage());
        assertTrue(RedisEndpoint.parse("rediss-cluster://h:1,h:2").isCluster()
                && RedisEndpoint.parse("rediss-cluster://h:1").isTls());
        assertThrows(SpinneretException.class, () -> RedisEndpoint.parse("redis://a:1,b:2/0"));
        assertThrows(SpinneretException.class, () -> RedisEndpoint.parse("http://a:1"));
    }

    private void openssl(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("openssl"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("openssl.log").toFile())
                .start();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0, Files.readString(dir.resolve("openssl.log")));
    }
}
