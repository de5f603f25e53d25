package io.spinneret.internal;

import io.spinneret.api.StoredFile;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What a generated {@link ItemSchema#files} and {@link ItemSchema#withFiles} call for each
 * {@code @FileUrl} component: one file, or a list of them, read into and taken back out of one
 * flat list in component order. A null component stays null and takes no slot.
 */
public final class FileSlots {
    private FileSlots() {}

    public static void add(List<StoredFile> out, @Nullable StoredFile file) {
        if (file != null) out.add(file);
    }

    public static void addAll(List<StoredFile> out, @Nullable List<StoredFile> files) {
        if (files != null) for (StoredFile f : files) add(out, f);
    }

    public static @Nullable StoredFile next(@Nullable StoredFile file, Iterator<StoredFile> handled) {
        return file == null ? null : handled.next();
    }

    public static @Nullable List<StoredFile> nextAll(@Nullable List<StoredFile> files, Iterator<StoredFile> handled) {
        if (files == null) return null;
        List<StoredFile> out = new ArrayList<>(files.size());
        for (StoredFile f : files) out.add(f == null ? null : handled.next());
        return out;
    }
}
