package io.spinneret.storage.mongo;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import java.net.InetSocketAddress;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** Against an in-process, wire-compatible server (mongo-java-server), always. */
class MongoStorageTest extends MongoStorageContractTest {
    private static MongoServer server;
    private static String uri;

    @BeforeAll
    static void startServer() {
        server = new MongoServer(new MemoryBackend());
        InetSocketAddress address = server.bind();
        uri = "mongodb://127.0.0.1:" + address.getPort() + "/spinneret_test";
    }

    @AfterAll
    static void stopServer() {
        server.shutdownNow();
    }

    @Override
    protected String uri() {
        return uri;
    }
}
