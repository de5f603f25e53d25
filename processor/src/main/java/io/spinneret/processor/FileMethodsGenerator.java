package io.spinneret.processor;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Adds to a generated serializer the methods of the files pipeline, for a record with
 * {@code @FileUrl} components: {@code hasFiles}, {@code files} (the files in component order) and
 * {@code withFiles} (a copy through the canonical constructor with the files handed back in that
 * order). A record without such components gets none: the interface's defaults say "no files".
 */
final class FileMethodsGenerator {
    private FileMethodsGenerator() {}

    static void addTo(TypeSpec.Builder type, ItemModel item) {
        if (item.files().isEmpty()) return;
        TypeName files = ParameterizedTypeName.get(ClassName.get(List.class), Names.STORED_FILE);
        type.addMethod(MethodSpec.methodBuilder("hasFiles")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(TypeName.BOOLEAN)
                .addStatement("return true")
                .build());

        MethodSpec.Builder read = MethodSpec.methodBuilder("files")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(files)
                .addParameter(item.type(), "item")
                .addStatement("$T out = new $T<>()", files, ArrayList.class);
        for (FileFields.FileField f : item.files()) {
            read.addStatement("$T.$L(out, item.$L())", Names.FILE_SLOTS, f.list() ? "addAll" : "add", f.name());
        }
        type.addMethod(read.addStatement("return out").build());

        CodeBlock.Builder args = CodeBlock.builder();
        List<ValueType.Component> fields = item.fields();
        for (int i = 0; i < fields.size(); i++) {
            String name = fields.get(i).name();
            FileFields.FileField file = fileAt(item, i);
            args.add(i == 0 ? "\n" : ",\n");
            if (file == null) args.add("item.$L()", name);
            else args.add("$T.$L(item.$L(), handed)", Names.FILE_SLOTS, file.list() ? "nextAll" : "next", name);
        }
        type.addMethod(MethodSpec.methodBuilder("withFiles")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(item.type())
                .addParameter(item.type(), "item")
                .addParameter(files, "files")
                .addStatement(
                        "$T handed = files.iterator()",
                        ParameterizedTypeName.get(ClassName.get(Iterator.class), Names.STORED_FILE))
                .addComment("arguments are evaluated left to right: the files come back in the order files() gave them")
                .addStatement("return new $T($>$L$<)", item.type(), args.build())
                .build());
    }

    private static FileFields.FileField fileAt(ItemModel item, int index) {
        for (FileFields.FileField f : item.files()) if (f.index() == index) return f;
        return null;
    }
}
