package io.spinneret.processor;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;

/**
 * The {@code @FileUrl} components of an {@code @Item} record, whose files the runtime's files
 * pipeline downloads: each must be a {@code StoredFile} or a {@code List<StoredFile>}.
 */
final class FileFields {
    /**
     * One {@code @FileUrl} component.
     *
     * @param index its position among the record's components
     * @param list true for a {@code List<StoredFile>}, false for one {@code StoredFile}
     */
    record FileField(int index, String name, boolean list) {}

    private FileFields() {}

    /** Reports every {@code @FileUrl} component whose type is neither {@code StoredFile} nor {@code List<StoredFile>}. */
    static void check(TypeElement type, Report report) {
        for (RecordComponentElement c : type.getRecordComponents()) {
            Optional<AnnotationMirror> mark = Annotations.find(c, Names.FILE_URL);
            if (mark.isPresent() && kind(c.asType()) == null) {
                report.error(c, mark.get(), Message.FILE_URL_TYPE.format(c.getSimpleName(), c.asType()));
            }
        }
    }

    /** The {@code @FileUrl} components of a record that {@link #check} accepted, in order. */
    static List<FileField> of(TypeElement type) {
        List<FileField> out = new ArrayList<>();
        List<? extends RecordComponentElement> components = type.getRecordComponents();
        for (int i = 0; i < components.size(); i++) {
            RecordComponentElement c = components.get(i);
            if (!Annotations.has(c, Names.FILE_URL)) continue;
            Boolean list = kind(c.asType());
            if (list != null) out.add(new FileField(i, c.getSimpleName().toString(), list));
        }
        return out;
    }

    /** False for StoredFile, true for List<StoredFile>, null for anything else. */
    private static Boolean kind(TypeMirror type) {
        if (!(type instanceof DeclaredType d)) return null;
        String name = ((TypeElement) d.asElement()).getQualifiedName().toString();
        if (name.equals(Names.STORED_FILE_NAME)) return false;
        if (name.equals("java.util.List")
                && d.getTypeArguments().size() == 1
                && d.getTypeArguments().get(0) instanceof DeclaredType e
                && ((TypeElement) e.asElement()).getQualifiedName().contentEquals(Names.STORED_FILE_NAME)) {
            return true;
        }
        return null;
    }
}
