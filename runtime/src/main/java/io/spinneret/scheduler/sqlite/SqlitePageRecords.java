package io.spinneret.scheduler.sqlite;

import io.spinneret.api.Fingerprint;
import io.spinneret.spi.PageRecords;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.function.BiConsumer;
import org.jspecify.annotations.Nullable;

/**
 * The page records of a {@link SqliteScheduler}: rows of the job's {@code page} table (a 16-byte
 * fingerprint and the record, without a row id), written through the scheduler's group commit
 * without waiting: a record rides in the transaction of the next call, normally the acknowledgement
 * of the page's own request, so keeping it costs no commit of its own.
 */
final class SqlitePageRecords implements PageRecords {
    /** Records read per transaction by {@link #forEach}: the scheduler's other work goes on between them. */
    private static final int PAGE = 2_000;

    private final SqliteScheduler scheduler;

    SqlitePageRecords(SqliteScheduler scheduler) {
        this.scheduler = scheduler;
    }

    @Override
    public void put(Fingerprint page, byte[] record) {
        byte[] fp = FrontierDb.bytes(page);
        byte[] copy = record.clone();
        scheduler.defer(
                db -> {
                    db.putPage(fp, copy);
                    return null;
                },
                "keeping a page record");
    }

    @Override
    public void patch(Fingerprint page, int offset, byte[] bytes) {
        byte[] fp = FrontierDb.bytes(page);
        byte[] copy = bytes.clone();
        scheduler.defer(
                db -> {
                    byte[] record = db.page(fp);
                    if (record != null) {
                        byte[] patched = PageRecords.patched(record, offset, copy);
                        if (patched != record) db.putPage(fp, patched);
                    }
                    return null;
                },
                "updating a page record");
    }

    @Override
    public byte @Nullable [] get(Fingerprint page) {
        byte[] fp = FrontierDb.bytes(page);
        return scheduler.call(db -> db.page(fp));
    }

    @Override
    public void remove(Fingerprint page) {
        byte[] fp = FrontierDb.bytes(page);
        scheduler.call(db -> {
            db.removePage(fp);
            return null;
        });
    }

    @Override
    public void forEach(BiConsumer<Fingerprint, byte[]> action) {
        byte[] after = new byte[0];
        while (true) {
            byte[] from = after;
            List<byte[][]> rows = scheduler.call(db -> db.pagesAfter(from, PAGE));
            for (byte[][] row : rows) {
                ByteBuffer b = ByteBuffer.wrap(row[0]);
                action.accept(new Fingerprint(b.getLong(), b.getLong()), row[1]);
            }
            if (rows.size() < PAGE) return;
            after = rows.getLast()[0];
        }
    }

    @Override
    public long count() {
        return scheduler.call(FrontierDb::pageCount);
    }
}
