package io.spinneret.middleware;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.spinneret.api.Request;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class UserAgentMiddlewareTest {
    private final TestSite site = new TestSite().page("/", "ok");
    private final TestDownloader downloader = new TestDownloader();
    private final TestCrawl crawl = new TestCrawl(TestSettings.of());

    UserAgentMiddlewareTest() throws Exception {}

    @AfterEach
    void close() {
        site.close();
        downloader.close();
    }

    private String sentAgent(UserAgentMiddleware ua, Request r) throws Exception {
        int before = site.log.size();
        RealChain.execute(List.of(ua), r, downloader, crawl);
        return site.log.get(before).header("User-Agent");
    }

    @Test
    void theDefaultNamesTheFrameworkAndAUrl() throws Exception {
        String agent = sentAgent(UserAgentMiddleware.from(TestSettings.of()), Request.of(site.url("/")));
        assertEquals("Spinneret/0.1 (+https://github.com/spinneret-crawler/spinneret)", agent);
    }

    @Test
    void rotatesThroughTheListPerRequest() throws Exception {
        UserAgentMiddleware ua = UserAgentMiddleware.from(TestSettings.of("user_agents=one/1, two/2, three/3"));
        List<String> sent = new ArrayList<>();
        for (int i = 0; i < 6; i++) sent.add(sentAgent(ua, Request.of(site.url("/"))));
        assertEquals(List.of("one/1", "two/2", "three/3", "one/1", "two/2", "three/3"), sent);
    }

    @Test
    void keepsAUserAgentTheRequestAlreadySets() throws Exception {
        UserAgentMiddleware ua = UserAgentMiddleware.from(TestSettings.of("user_agents=one/1"));
        assertEquals(
                "mine/9",
                sentAgent(
                        ua,
                        Request.builder(site.url("/"))
                                .header("user-agent", "mine/9")
                                .build()));
    }

    @Test
    void browserStringsWithCommasSurviveTheListSyntax() {
        UserAgentMiddleware ua = UserAgentMiddleware.from(
                TestSettings.of(
                        "user_agents=Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0, Spinneret/0.1"));
        assertEquals(
                List.of(
                        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0",
                        "Spinneret/0.1"),
                ua.agents());
        assertEquals(List.of("mozilla", "spinneret"), ua.productTokens());
    }
}
