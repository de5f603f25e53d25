package io.spinneret.storage.mongo;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.mongodb.ConnectionString;
import org.junit.jupiter.api.BeforeAll;

/**
 * Against the real MongoDB named by {@code SPINNERET_TEST_MONGO} (e.g. {@code mongodb://127.0.0.1:27017}),
 * in its database or {@code spinneret_test}; skipped only when the variable is unset.
 */
class RealMongoStorageTest extends MongoStorageContractTest {
    private static final String URI = System.getenv("SPINNERET_TEST_MONGO");

    @BeforeAll
    static void requireServer() {
        assumeTrue(URI != null && !URI.isBlank(), "SPINNERET_TEST_MONGO is not set");
    }

    @Override
    protected String uri() {
        if (new ConnectionString(URI).getDatabase() != null) return URI;
        // put the database before any options: mongodb://host:port/spinneret_test?options
        int query = URI.indexOf('?');
        String base = query < 0 ? URI : URI.substring(0, query);
        return (base.endsWith("/") ? base : base + "/") + "spinneret_test" + (query < 0 ? "" : URI.substring(query));
    }
}
