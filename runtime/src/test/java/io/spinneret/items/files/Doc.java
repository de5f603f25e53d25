package io.spinneret.items.files;

import com.fasterxml.jackson.core.JsonGenerator;
import io.spinneret.api.StoredFile;
import io.spinneret.internal.Field;
import io.spinneret.internal.FieldType;
import io.spinneret.internal.FileSlots;
import io.spinneret.internal.ItemSchema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/** A test item with files, and a hand-written stand-in for the schema the processor generates for {@code @FileUrl}. */
record Doc(String id, List<StoredFile> files) {
    static final ItemSchema<Doc> SCHEMA = new ItemSchema<>() {
        @Override
        public Class<Doc> type() {
            return Doc.class;
        }

        @Override
        public String name() {
            return "Doc";
        }

        @Override
        public String table() {
            return "doc";
        }

        @Override
        public List<Field> fields() {
            return List.of(new Field("id", FieldType.STRING, true), new Field("files", FieldType.JSON, true));
        }

        @Override
        public int keyIndex() {
            return 0;
        }

        @Override
        public Object[] values(Doc d) {
            return new Object[] {d.id(), d.files().toString()};
        }

        @Override
        public void writeJson(Doc d, JsonGenerator out) {
            throw new UnsupportedOperationException();
        }

        @Override
        public String[] csvRow(Doc d) {
            return new String[] {d.id()};
        }

        @Override
        public Map<String, Object> document(Doc d) {
            return Map.of("id", d.id());
        }

        @Override
        public boolean hasFiles() {
            return true;
        }

        @Override
        public List<StoredFile> files(Doc d) {
            List<StoredFile> out = new ArrayList<>();
            FileSlots.addAll(out, d.files());
            return out;
        }

        @Override
        public Doc withFiles(Doc d, List<StoredFile> files) {
            Iterator<StoredFile> handed = files.iterator();
            return new Doc(d.id(), FileSlots.nextAll(d.files(), handed));
        }
    };

    static Doc of(String id, String... urls) {
        return new Doc(id, Arrays.stream(urls).map(StoredFile::of).toList());
    }
}
