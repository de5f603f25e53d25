package io.spinneret.processor;

import com.palantir.javapoet.ClassName;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Types;

/** Builds the {@link ItemModel} of an {@code @Item} record that {@link ItemValidator} accepted. */
final class ItemReader {
    private final Types types;

    ItemReader(Types types) {
        this.types = types;
    }

    ItemModel read(TypeElement type) throws TypeMapper.Unsupported {
        AnnotationMirror item = Annotations.find(type, Names.ITEM).orElseThrow();
        String key = Annotations.string(item, "key", "");
        String table = Annotations.string(item, "table", "");
        if (table.isEmpty()) table = Names.snakeCase(type.getSimpleName().toString());
        TypeMapper mapper = new TypeMapper(types, Names.packageOf(type));
        List<ValueType.Component> fields = new ArrayList<>();
        int keyIndex = -1;
        for (RecordComponentElement c : type.getRecordComponents()) {
            String name = c.getSimpleName().toString();
            if (name.equals(key) || (key.isEmpty() && keyIndex < 0 && Annotations.has(c, Names.KEY)))
                keyIndex = fields.size();
            fields.add(new ValueType.Component(name, mapper.map(c.asType())));
        }
        List<ConstraintModel> constraints =
                ConstraintReader.read(type, mapper, new Report()); // ItemValidator reported its problems
        return new ItemModel(
                ClassName.get(type),
                Names.generated(type, "_Serializer"),
                table,
                fields,
                keyIndex,
                mapper.records(),
                constraints,
                FileFields.of(type));
    }
}
