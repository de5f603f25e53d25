package io.spinneret.processor;

import com.palantir.javapoet.ClassName;
import java.util.List;
import java.util.Map;

/**
 * An {@code @Item} record as the serializer generator needs it.
 *
 * @param type the record
 * @param serializer the generated {@code <Item>_Serializer}
 * @param fields components in declaration order
 * @param keyIndex index of the key component
 * @param nested shapes of nested records reachable from the fields, by qualified name
 * @param constraints the components' constraints, in component order
 * @param files the {@code @FileUrl} components, in order
 */
record ItemModel(
        ClassName type,
        ClassName serializer,
        String table,
        List<ValueType.Component> fields,
        int keyIndex,
        Map<String, ValueType.RecordShape> nested,
        List<ConstraintModel> constraints,
        List<FileFields.FileField> files) {}
