package io.spinneret.download.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BodyBufferTest {
    @Test
    void aBodyAcrossManyChunksComesBackWhole() throws Exception {
        byte[] data = new byte[3 * BodyBuffer.CHUNK + 1234];
        new Random(7).nextBytes(data);
        BodyBuffer b = new BodyBuffer(data.length);
        for (int at = 0; at < data.length; at += 1000) {
            assertTrue(b.append(ByteBuffer.wrap(data, at, Math.min(1000, data.length - at))));
        }
        assertTrue(b.atLimit());
        assertArrayEquals(data, b.toByteArray());
        b.release();
    }

    @Test
    void aBodyOverItsLimitIsRefusedAndGivesTheLargeBodyMemoryBack() throws Exception {
        int before = BodyMemory.largeAvailable();
        long limit = BodyMemory.SMALL + 5L * BodyBuffer.CHUNK;
        BodyBuffer b = new BodyBuffer(limit);
        byte[] piece = new byte[BodyBuffer.CHUNK];
        boolean fitted = true;
        for (int i = 0; i < 100 && fitted; i++) fitted = b.append(ByteBuffer.wrap(piece));
        assertFalse(fitted, "refused at the limit");
        assertEquals(limit, b.size(), "never more than the limit held");
        assertEquals(before - BodyMemory.share(limit), BodyMemory.largeAvailable(), "past 1 MiB it holds its share");
        b.release();
        assertEquals(before, BodyMemory.largeAvailable());
    }
}
