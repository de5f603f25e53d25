package io.spinneret.download.http;

import io.spinneret.settings.Settings;

/** Every {@link HttpDownloaderTest} again with {@code http_client = jdk}: java.net.http for plain http too. */
class JdkHttpDownloaderTest extends HttpDownloaderTest {
    @Override
    Settings base() {
        return Settings.defaults().with("http_client", "jdk", "test");
    }
}
