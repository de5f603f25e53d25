package test.settings;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Response;

@Spider(name = "settings", settings = {
        "concurrency=8",
        "concurency=4",
        "download_delay=soon",
        "scheduler=postgres",
        "start_urls=https://example.com/, file:///etc/passwd",
        "respect_robots"})
public class ErroneousSettings {
    @Parse
    void parse(Response page) {}
}
