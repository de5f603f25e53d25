package io.spinneret.processor;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.WildcardTypeName;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;

/**
 * Writes {@code <Item>_Serializer}: the {@code ItemSchema} of one record, reading its accessors
 * directly (no reflection). JSON goes through Jackson's streaming {@code JsonGenerator}; lists,
 * maps and nested records get one private helper per type, which also handles recursive records.
 */
final class SerializerGenerator {
    private static final ClassName LIST = ClassName.get(List.class);
    private static final TypeName OBJECT = ClassName.OBJECT;
    private static final TypeName STRING = ClassName.get(String.class);
    private static final TypeName MAP_STRING_OBJECT =
            ParameterizedTypeName.get(ClassName.get(Map.class), STRING, OBJECT);
    private static final TypeName LIST_OBJECT = ParameterizedTypeName.get(LIST, OBJECT);

    private final ItemModel item;
    private final NameAllocator names = new NameAllocator();
    private final Map<String, String> writeHelpers = new LinkedHashMap<>();
    private final Map<String, String> documentHelpers = new LinkedHashMap<>();
    private final Map<String, String> jsonHelpers = new LinkedHashMap<>();
    private final List<MethodSpec> helpers = new ArrayList<>();
    private final Deque<Runnable> pending = new ArrayDeque<>();

    private SerializerGenerator(ItemModel item) {
        this.item = item;
        for (String reserved : List.of(
                "INSTANCE",
                "FIELDS",
                "JSON",
                "type",
                "name",
                "table",
                "fields",
                "keyIndex",
                "values",
                "writeJson",
                "csvRow",
                "document",
                "key",
                "violation",
                "files",
                "withFiles",
                "hasFiles")) {
            names.newName(reserved, reserved);
        }
    }

    static JavaFile generate(ItemModel item, Element origin) {
        return new SerializerGenerator(item).file(origin);
    }

    private JavaFile file(Element origin) {
        ClassName self = item.serializer();
        TypeName schema = ParameterizedTypeName.get(Names.ITEM_SCHEMA, item.type());
        boolean json = item.fields().stream().anyMatch(f -> f.type().fieldType().equals("JSON"));

        CodeBlock.Builder fieldList =
                CodeBlock.builder().add("$T.of(", List.class).indent();
        for (int i = 0; i < item.fields().size(); i++) {
            ValueType.Component f = item.fields().get(i);
            fieldList.add(
                    "\nnew $T($S, $T.$L, $L)$L",
                    Names.FIELD,
                    f.name(),
                    Names.FIELD_TYPE,
                    f.type().fieldType(),
                    f.type().nullable(),
                    i + 1 < item.fields().size() ? "," : "");
        }
        fieldList.unindent().add(")");

        TypeSpec.Builder type = TypeSpec.classBuilder(self)
                .addOriginatingElement(origin)
                .addJavadoc("The schema and serializers of {@link $T}, generated from its components.\n", item.type())
                .addAnnotation(Generators.generated())
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addSuperinterface(schema)
                .addField(FieldSpec.builder(self, "INSTANCE", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc("The shared instance; the class is stateless.\n")
                        .initializer("new $T()", self)
                        .build())
                .addField(FieldSpec.builder(
                                ParameterizedTypeName.get(LIST, Names.FIELD),
                                "FIELDS",
                                Modifier.PRIVATE,
                                Modifier.STATIC,
                                Modifier.FINAL)
                        .initializer(fieldList.build())
                        .build());
        if (json) {
            type.addField(
                    FieldSpec.builder(Names.JSON_FACTORY, "JSON", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                            .initializer("new $T()", Names.JSON_FACTORY)
                            .build());
        }
        type.addMethod(MethodSpec.constructorBuilder()
                        .addModifiers(Modifier.PUBLIC)
                        .build())
                .addMethod(override("type", ParameterizedTypeName.get(ClassName.get(Class.class), item.type()))
                        .addStatement("return $T.class", item.type())
                        .build())
                .addMethod(override("name", STRING)
                        .addStatement("return $S", item.type().simpleName())
                        .build())
                .addMethod(override("table", STRING)
                        .addStatement("return $S", item.table())
                        .build())
                .addMethod(override("fields", ParameterizedTypeName.get(LIST, Names.FIELD))
                        .addStatement("return FIELDS")
                        .build())
                .addMethod(override("keyIndex", TypeName.INT)
                        .addStatement("return $L", item.keyIndex())
                        .build())
                .addMethod(values())
                .addMethod(writeJson())
                .addMethod(csvRow())
                .addMethod(document())
                .addMethod(ConstraintsGenerator.violation(item, override("violation", STRING)));
        ConstraintsGenerator.patterns(item).forEach(type::addField);
        FileMethodsGenerator.addTo(type, item);
        while (!pending.isEmpty()) pending.poll().run();
        helpers.forEach(type::addMethod);
        return JavaFile.builder(self.packageName(), type.build())
                .skipJavaLangImports(true)
                .indent("    ")
                .build();
    }

    private MethodSpec.Builder override(String name, TypeName returns) {
        return MethodSpec.methodBuilder(name)
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(returns);
    }

    private static String accessor(ValueType.Component c) {
        return "item." + c.name() + "()";
    }

    // ---- values / document

    private MethodSpec values() {
        CodeBlock.Builder array =
                CodeBlock.builder().add("return new Object[] {").indent();
        for (int i = 0; i < item.fields().size(); i++) {
            ValueType.Component f = item.fields().get(i);
            CodeBlock value = f.type() instanceof ValueType.Simple s
                    ? scalarValue(s, accessor(f))
                    : CodeBlock.of("$N($L)", jsonHelper(f), accessor(f));
            array.add("\n$L$L", value, i + 1 < item.fields().size() ? "," : "");
        }
        array.unindent().add("\n}");
        return override("values", ArrayTypeNames.OBJECT_ARRAY)
                .addParameter(item.type(), "item")
                .addStatement("$L", array.build())
                .build();
    }

    private MethodSpec document() {
        MethodSpec.Builder m = override("document", MAP_STRING_OBJECT)
                .addParameter(item.type(), "item")
                .addStatement("var document = new $T<$T, $T>()", LinkedHashMap.class, String.class, Object.class);
        for (ValueType.Component f : item.fields()) {
            m.addStatement("document.put($S, $L)", f.name(), documentValue(f.type(), accessor(f)));
        }
        return m.addStatement("return document").build();
    }

    /** An expression giving the document form of {@code expr}: scalars as in values(), structures as maps and lists. */
    private CodeBlock documentValue(ValueType type, String expr) {
        if (type instanceof ValueType.Simple s) return scalarValue(s, expr);
        return CodeBlock.of("$N($L)", documentHelper(type), expr);
    }

    private String documentHelper(ValueType type) {
        String key = helperKey(type);
        String existing = documentHelpers.get(key);
        if (existing != null) return existing;
        String name = names.newName(helperBaseName(type) + "Document");
        documentHelpers.put(key, name);
        pending.add(() -> {
            MethodSpec.Builder m = MethodSpec.methodBuilder(name)
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                    .addParameter(type.javaType(), "value")
                    .beginControlFlow("if (value == null)")
                    .addStatement("return null")
                    .endControlFlow();
            switch (type) {
                case ValueType.Sequence seq ->
                    m.returns(LIST_OBJECT)
                            .addStatement("var list = new $T<$T>(value.size())", ArrayList.class, Object.class)
                            .beginControlFlow("for (var e : value)")
                            .addStatement("list.add($L)", documentValue(seq.element(), "e"))
                            .endControlFlow()
                            .addStatement("return list");
                case ValueType.Mapping map ->
                    m.returns(MAP_STRING_OBJECT)
                            .addStatement("var map = new $T<$T, $T>()", LinkedHashMap.class, String.class, Object.class)
                            .beginControlFlow("for (var e : value.entrySet())")
                            .addStatement("map.put(e.getKey(), $L)", documentValue(map.value(), "e.getValue()"))
                            .endControlFlow()
                            .addStatement("return map");
                case ValueType.Nested nested -> {
                    m.returns(MAP_STRING_OBJECT)
                            .addStatement(
                                    "var map = new $T<$T, $T>()", LinkedHashMap.class, String.class, Object.class);
                    for (ValueType.Component c : shape(nested).components()) {
                        m.addStatement(
                                "map.put($S, $L)", c.name(), documentValue(c.type(), "value." + c.name() + "()"));
                    }
                    m.addStatement("return map");
                }
                case ValueType.Simple s -> throw new IllegalStateException("no helper for scalar " + s);
            }
            helpers.add(m.build());
        });
        return name;
    }

    /** The value of a scalar as documented on FieldType: Long, Double, BigDecimal, Boolean, String, Instant, LocalDate. */
    private static CodeBlock scalarValue(ValueType.Simple s, String e) {
        if (s.primitive()) {
            return switch (s.scalar()) {
                case INTEGER -> CodeBlock.of("$T.valueOf($L)", Long.class, e);
                case FLOAT -> CodeBlock.of("$T.valueOf($T.toString($L))", Double.class, Float.class, e);
                case DOUBLE -> CodeBlock.of("$T.valueOf($L)", Double.class, e);
                case BOOLEAN -> CodeBlock.of("$T.valueOf($L)", Boolean.class, e);
                case CHAR -> CodeBlock.of("$T.valueOf($L)", String.class, e);
                default -> throw new IllegalStateException("primitive " + s);
            };
        }
        return switch (s.scalar()) {
            case STRING, DOUBLE, BIG_DECIMAL, BOOLEAN, INSTANT, LOCAL_DATE -> CodeBlock.of("$L", e);
            case CHAR -> CodeBlock.of("$L == null ? null : $L.toString()", e, e);
            case ENUM -> CodeBlock.of("$L == null ? null : $L.name()", e, e);
            case INTEGER -> CodeBlock.of("$L == null ? null : $T.valueOf($L.longValue())", e, Long.class, e);
            case FLOAT -> CodeBlock.of("$L == null ? null : $T.valueOf($L.toString())", e, Double.class, e);
            case BIG_INTEGER -> CodeBlock.of("$L == null ? null : new $T($L)", e, BigDecimal.class, e);
            case OFFSET_DATE_TIME, ZONED_DATE_TIME -> CodeBlock.of("$L == null ? null : $L.toInstant()", e, e);
            case LOCAL_DATE_TIME -> CodeBlock.of("$L == null ? null : $L.toInstant($T.UTC)", e, e, ZoneOffset.class);
        };
    }

    // ---- CSV

    private MethodSpec csvRow() {
        CodeBlock.Builder array =
                CodeBlock.builder().add("return new String[] {").indent();
        for (int i = 0; i < item.fields().size(); i++) {
            ValueType.Component f = item.fields().get(i);
            CodeBlock cell = f.type() instanceof ValueType.Simple s
                    ? scalarText(s, accessor(f))
                    : CodeBlock.of("$T.requireNonNullElse($N($L), \"\")", Objects.class, jsonHelper(f), accessor(f));
            array.add("\n$L$L", cell, i + 1 < item.fields().size() ? "," : "");
        }
        array.unindent().add("\n}");
        return override("csvRow", ArrayTypeNames.STRING_ARRAY)
                .addParameter(item.type(), "item")
                .addStatement("$L", array.build())
                .build();
    }

    /** A scalar as CSV text: {@code ""} for null, numbers as Jackson writes them, times in ISO-8601. */
    private static CodeBlock scalarText(ValueType.Simple s, String e) {
        if (s.primitive()) return CodeBlock.of("$T.valueOf($L)", String.class, e);
        CodeBlock text = switch (s.scalar()) {
            case STRING -> CodeBlock.of("$L", e);
            case ENUM -> CodeBlock.of("$L.name()", e);
            case OFFSET_DATE_TIME, ZONED_DATE_TIME -> CodeBlock.of("$L.toInstant().toString()", e);
            case LOCAL_DATE_TIME -> CodeBlock.of("$L.toInstant($T.UTC).toString()", e, ZoneOffset.class);
            default -> CodeBlock.of("$L.toString()", e);
        };
        return CodeBlock.of("$L == null ? \"\" : $L", e, text);
    }

    // ---- JSON

    private MethodSpec writeJson() {
        MethodSpec.Builder m = override("writeJson", TypeName.VOID)
                .addParameter(item.type(), "item")
                .addParameter(Names.JSON_GENERATOR, "out")
                .addException(IOException.class)
                .addStatement("out.writeStartObject()");
        for (ValueType.Component f : item.fields()) {
            m.addStatement("out.writeFieldName($S)", f.name());
            m.addCode(writeValue(f.type(), accessor(f)));
        }
        return m.addStatement("out.writeEndObject()").build();
    }

    /** Statements writing {@code expr} (null-safe) to {@code out}. */
    private CodeBlock writeValue(ValueType type, String e) {
        if (!(type instanceof ValueType.Simple s))
            return CodeBlock.builder()
                    .addStatement("$N(out, $L)", writeHelper(type), e)
                    .build();
        if (s.primitive()) {
            return switch (s.scalar()) {
                case BOOLEAN ->
                    CodeBlock.builder().addStatement("out.writeBoolean($L)", e).build();
                case CHAR ->
                    CodeBlock.builder()
                            .addStatement("out.writeString($T.valueOf($L))", String.class, e)
                            .build();
                default ->
                    CodeBlock.builder().addStatement("out.writeNumber($L)", e).build();
            };
        }
        CodeBlock write = switch (s.scalar()) {
            case STRING -> CodeBlock.of("out.writeString($L)", e);
            case CHAR, INSTANT, LOCAL_DATE -> CodeBlock.of("out.writeString($L.toString())", e);
            case ENUM -> CodeBlock.of("out.writeString($L.name())", e);
            case INTEGER -> CodeBlock.of("out.writeNumber($L.longValue())", e);
            case FLOAT -> CodeBlock.of("out.writeNumber($L.floatValue())", e);
            case DOUBLE -> CodeBlock.of("out.writeNumber($L.doubleValue())", e);
            case BIG_DECIMAL, BIG_INTEGER -> CodeBlock.of("out.writeNumber($L)", e);
            case BOOLEAN -> CodeBlock.of("out.writeBoolean($L.booleanValue())", e);
            case OFFSET_DATE_TIME, ZONED_DATE_TIME -> CodeBlock.of("out.writeString($L.toInstant().toString())", e);
            case LOCAL_DATE_TIME ->
                CodeBlock.of("out.writeString($L.toInstant($T.UTC).toString())", e, ZoneOffset.class);
        };
        return CodeBlock.builder()
                .beginControlFlow("if ($L == null)", e)
                .addStatement("out.writeNull()")
                .nextControlFlow("else")
                .addStatement("$L", write)
                .endControlFlow()
                .build();
    }

    private String writeHelper(ValueType type) {
        String key = helperKey(type);
        String existing = writeHelpers.get(key);
        if (existing != null) return existing;
        String name = names.newName("write" + capitalize(helperBaseName(type)));
        writeHelpers.put(key, name);
        pending.add(() -> {
            MethodSpec.Builder m = MethodSpec.methodBuilder(name)
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                    .addParameter(Names.JSON_GENERATOR, "out")
                    .addParameter(type.javaType(), "value")
                    .addException(IOException.class)
                    .beginControlFlow("if (value == null)")
                    .addStatement("out.writeNull()")
                    .addStatement("return")
                    .endControlFlow();
            switch (type) {
                case ValueType.Sequence seq ->
                    m.addStatement("out.writeStartArray()")
                            .beginControlFlow("for (var e : value)")
                            .addCode(writeValue(seq.element(), "e"))
                            .endControlFlow()
                            .addStatement("out.writeEndArray()");
                case ValueType.Mapping map ->
                    m.addStatement("out.writeStartObject()")
                            .beginControlFlow("for (var e : value.entrySet())")
                            .addStatement("out.writeFieldName(e.getKey())")
                            .addCode(writeValue(map.value(), "e.getValue()"))
                            .endControlFlow()
                            .addStatement("out.writeEndObject()");
                case ValueType.Nested nested -> {
                    m.addStatement("out.writeStartObject()");
                    for (ValueType.Component c : shape(nested).components()) {
                        m.addStatement("out.writeFieldName($S)", c.name());
                        m.addCode(writeValue(c.type(), "value." + c.name() + "()"));
                    }
                    m.addStatement("out.writeEndObject()");
                }
                case ValueType.Simple s -> throw new IllegalStateException("no helper for scalar " + s);
            }
            helpers.add(m.build());
        });
        return name;
    }

    /** A helper giving a top-level JSON field as JSON text, or null. */
    private String jsonHelper(ValueType.Component field) {
        String existing = jsonHelpers.get(field.name());
        if (existing != null) return existing;
        String name = names.newName(field.name() + "Json");
        jsonHelpers.put(field.name(), name);
        String write = writeHelper(field.type());
        helpers.add(MethodSpec.methodBuilder(name)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(String.class)
                .addParameter(field.type().javaType(), "value")
                .beginControlFlow("if (value == null)")
                .addStatement("return null")
                .endControlFlow()
                .addStatement("var text = new $T()", StringWriter.class)
                .beginControlFlow("try (var out = JSON.createGenerator(text))")
                .addStatement("$N(out, value)", write)
                .nextControlFlow("catch ($T e)", IOException.class)
                .addStatement("throw new $T(e)", UncheckedIOException.class)
                .endControlFlow()
                .addStatement("return text.toString()")
                .build());
        return name;
    }

    private ValueType.RecordShape shape(ValueType.Nested nested) {
        return Objects.requireNonNull(
                item.nested().get(nested.record().canonicalName()),
                nested.record().canonicalName());
    }

    private static String helperKey(ValueType type) {
        return type instanceof ValueType.Nested n
                ? "record " + n.record().canonicalName()
                : type.javaType().toString();
    }

    /** A readable stem for a helper: {@code listOfString}, {@code mapOfInteger}, {@code address}. */
    private static String helperBaseName(ValueType type) {
        return switch (type) {
            case ValueType.Sequence seq ->
                ((ClassName) rawType(seq.javaType())).simpleName().toLowerCase(Locale.ROOT) + "Of"
                        + capitalize(stem(seq.element()));
            case ValueType.Mapping map -> "mapOf" + capitalize(stem(map.value()));
            case ValueType.Nested nested -> decapitalize(nested.record().simpleName());
            case ValueType.Simple s ->
                decapitalize(((ClassName) rawType(s.javaType().box())).simpleName());
        };
    }

    private static String stem(ValueType type) {
        return helperBaseName(type);
    }

    private static TypeName rawType(TypeName type) {
        TypeName t = type;
        if (t instanceof WildcardTypeName w) t = w.upperBounds().get(0);
        return t instanceof ParameterizedTypeName p ? p.rawType() : t;
    }

    private static String capitalize(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    private static String decapitalize(String s) {
        return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }
}
