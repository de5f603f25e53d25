package io.spinneret.recrawl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.Fingerprint;
import io.spinneret.api.Request;
import io.spinneret.api.RequestCodec;
import io.spinneret.internal.Field;
import io.spinneret.internal.FieldType;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PageRecordTest {
    private static final Request DETAIL = Request.builder(
                    "https://books.example/catalogue/a-light-in-the-attic_1000/index.html")
            .callback("detail")
            .depth(2)
            .build();

    @Test
    void aRecordComesBackAsItWasKept() {
        PageRecord full = new PageRecord(DETAIL, "\"6753a1c2-12f4\"", 1_764_000_000L, -42L, 1_764_900_000L, 86_400);
        assertEquals(full, PageRecord.decode(full.encode()));
        PageRecord bare = new PageRecord(DETAIL, null, 0, 7, 1, 0);
        assertEquals(bare, PageRecord.decode(bare.encode()));
        PageRecord linked = new PageRecord(
                DETAIL,
                null,
                0,
                7,
                1,
                0,
                List.of(new Fingerprint(1, -2), Request.of("https://b.example/").fingerprint()),
                List.of(
                        new ItemKey("book", new Field("upc", FieldType.STRING, false), "a897fe39b1053632"),
                        new ItemKey("stock", new Field("id", FieldType.INTEGER, false), -7L),
                        new ItemKey("day", new Field("on", FieldType.DATE, false), LocalDate.of(2026, 12, 4))));
        assertEquals(linked, PageRecord.decode(linked.encode()));
        PageRecord none = new PageRecord(DETAIL, null, 0, 7, 1, 0, List.of(), List.of());
        assertEquals(none, PageRecord.decode(none.encode()), "no links is not unknown links, no items not unknown");
    }

    @Test
    void aPatchOfTheVisitChangesOnlyWhenAndTheInterval() {
        PageRecord r = new PageRecord(DETAIL, "\"e\"", 1_764_000_000L, -42L, 1_764_900_000L, 60);
        byte[] bytes = r.encode();
        byte[] visit = PageRecord.visit(1_765_000_000L, 120);
        System.arraycopy(visit, 0, bytes, PageRecord.VISIT_OFFSET, visit.length);
        assertEquals(
                new PageRecord(DETAIL, "\"e\"", 1_764_000_000L, -42L, 1_765_000_000L, 120), PageRecord.decode(bytes));
    }

    @Test
    void aRecordOfVersionOneIsStillRead() {
        // version 1, flags ETag|Last-Modified, fetchedAt 300 and interval 2 as varints, hash 7, ETag "e", Last-Modified
        // 5
        byte[] head = {1, 3, (byte) 0xAC, 0x02, 2, 0, 0, 0, 0, 0, 0, 0, 7, 1, 'e', 5};
        byte[] json = RequestCodec.toJsonBytes(DETAIL);
        byte[] v1 = Arrays.copyOf(head, head.length + json.length);
        System.arraycopy(json, 0, v1, head.length, json.length);
        assertEquals(new PageRecord(DETAIL, "e", 5, 7, 300, 2), PageRecord.decode(v1));
    }

    @Test
    void plainAndOtherRequestsComeBackEqual() {
        for (Request r : List.of(
                DETAIL,
                Request.of("https://b.example/é?q=1"),
                Request.builder("https://b.example/").priority(-7).depth(300).build(),
                Request.builder("https://b.example/")
                        .priority(Integer.MIN_VALUE)
                        .callback("x")
                        .build(),
                Request.builder("https://b.example/")
                        .header("Accept", "text/html")
                        .build(),
                Request.builder("https://b.example/")
                        .meta("k", "v")
                        .errback("failed")
                        .build(),
                Request.builder("https://b.example/").method("POST").body("a=1").build())) {
            PageRecord record = new PageRecord(r, null, 0, 1, 2, 3);
            assertEquals(record, PageRecord.decode(record.encode()), r.toString());
        }
    }

    @Test
    void aRecordCostsLittleMoreThanItsRequest() {
        PageRecord r = new PageRecord(DETAIL, "\"6753a1c2-12f4\"", 1_764_000_000L, -42L, 1_764_900_000L, 86_400);
        int request = RequestCodec.toJsonBytes(DETAIL).length;
        int validators = r.encode().length - request;
        assertTrue(validators <= 2 + 5 + 3 + 8 + 16 + 5, "validators, hash and times: " + validators + " bytes");
    }

    @Test
    void bytesThatAreNotARecordAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> PageRecord.decode(new byte[] {9, 0}));
        assertThrows(IllegalArgumentException.class, () -> PageRecord.decode(new byte[0]));
    }

    @Test
    void conditionalRequestsCarryTheValidatorsAndGiveBackTheOriginal() {
        PageRecord r = new PageRecord(DETAIL, "W/\"abc\"", 1_764_000_000L, 5, 1_764_900_000L, 60);
        Request revisit = ConditionalRequests.revisit(r, true);
        assertEquals("W/\"abc\"", revisit.headers().get("If-None-Match"));
        assertEquals("Mon, 24 Nov 2025 16:00:00 GMT", revisit.headers().get("If-Modified-Since"));
        assertEquals(new ConditionalRequests.Previous(5, 60), ConditionalRequests.previous(revisit));
        assertEquals(DETAIL, ConditionalRequests.original(revisit));
        assertEquals(1_764_000_000L, HttpDate.epochSeconds(revisit.headers().get("If-Modified-Since")));
        assertEquals(
                Map.of(), ConditionalRequests.revisit(r, false).headers(), "recrawl_emit_unchanged: no validators");
    }
}
