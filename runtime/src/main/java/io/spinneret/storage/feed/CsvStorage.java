package io.spinneret.storage.feed;

import io.spinneret.internal.Field;
import io.spinneret.internal.ItemSchema;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes items as CSV (RFC 4180): a header row of the schema's field names when the file is new,
 * CRLF line ends, and a cell quoted when it holds a comma, a quote, CR or LF (quotes doubled).
 * Cells come from the generated {@link ItemSchema#csvRow}. See {@link FileStorage} for file naming
 * and append semantics (a file that already has content gets no second header).
 */
public final class CsvStorage extends FileStorage {
    /** Appends to the file(s). */
    public CsvStorage(Path target) {
        this(target, false);
    }

    /** @param overwrite empty each file when first writing to it, rather than append */
    public CsvStorage(Path target, boolean overwrite) {
        super(target, overwrite);
    }

    @Override
    Sink open(Path path, ItemSchema<?> schema) throws IOException {
        return new Sink(path, overwrite) {
            private final Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);

            @Override
            <T> void write(ItemSchema<T> s, List<T> items) throws IOException {
                if (isEmpty()) { // a new or emptied file; also again when the batch that wrote the header failed
                    List<Field> fields = s.fields();
                    String[] names = new String[fields.size()];
                    for (int i = 0; i < names.length; i++)
                        names[i] = fields.get(i).name();
                    row(w, names);
                }
                for (T item : items) row(w, s.csvRow(item));
                w.flush();
            }

            @Override
            public void close() throws IOException {
                w.close();
                super.close();
            }
        };
    }

    static void row(Writer w, String[] cells) throws IOException {
        for (int i = 0; i < cells.length; i++) {
            if (i > 0) w.write(',');
            cell(w, cells[i] == null ? "" : cells[i]);
        }
        w.write("\r\n");
    }

    static void cell(Writer w, String v) throws IOException {
        boolean quote = false;
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c == ',' || c == '"' || c == '\r' || c == '\n') {
                quote = true;
                break;
            }
        }
        if (!quote) {
            w.write(v);
            return;
        }
        w.write('"');
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c == '"') w.write('"');
            w.write(c);
        }
        w.write('"');
    }
}
