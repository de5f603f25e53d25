package test.serializer;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.spinneret.internal.Field;
import io.spinneret.internal.FieldType;
import io.spinneret.internal.ItemSchema;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javax.annotation.processing.Generated;

/**
 * The schema and serializers of {@link Category}, generated from its components.
 */
@Generated("io.spinneret.processor.SpinneretProcessor")
public final class Category_Serializer implements ItemSchema<Category> {
    /**
     * The shared instance; the class is stateless.
     */
    public static final Category_Serializer INSTANCE = new Category_Serializer();

    private static final List<Field> FIELDS = List.of(
        new Field("name", FieldType.STRING, true),
        new Field("children", FieldType.JSON, true));

    private static final JsonFactory JSON = new JsonFactory();

    public Category_Serializer() {
    }

    @Override
    public Class<Category> type() {
        return Category.class;
    }

    @Override
    public String name() {
        return "Category";
    }

    @Override
    public String table() {
        return "category";
    }

    @Override
    public List<Field> fields() {
        return FIELDS;
    }

    @Override
    public int keyIndex() {
        return 0;
    }

    @Override
    public Object[] values(Category item) {
        return new Object[] {
                    item.name(),
                    childrenJson(item.children())
                };
    }

    @Override
    public void writeJson(Category item, JsonGenerator out) throws IOException {
        out.writeStartObject();
        out.writeFieldName("name");
        if (item.name() == null) {
            out.writeNull();
        } else {
            out.writeString(item.name());
        }
        out.writeFieldName("children");
        writeCollectionOfCategory(out, item.children());
        out.writeEndObject();
    }

    @Override
    public String[] csvRow(Category item) {
        return new String[] {
                    item.name() == null ? "" : item.name(),
                    Objects.requireNonNullElse(childrenJson(item.children()), "")
                };
    }

    @Override
    public Map<String, Object> document(Category item) {
        var document = new LinkedHashMap<String, Object>();
        document.put("name", item.name());
        document.put("children", collectionOfCategoryDocument(item.children()));
        return document;
    }

    @Override
    public String violation(Category item) {
        if (item.name() == null) {
            return "name @NotNull (key)";
        }
        return null;
    }

    private static String childrenJson(Collection<Category> value) {
        if (value == null) {
            return null;
        }
        var text = new StringWriter();
        try (var out = JSON.createGenerator(text)) {
            writeCollectionOfCategory(out, value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text.toString();
    }

    private static void writeCollectionOfCategory(JsonGenerator out, Collection<Category> value)
            throws IOException {
        if (value == null) {
            out.writeNull();
            return;
        }
        out.writeStartArray();
        for (var e : value) {
            writeCategory(out, e);
        }
        out.writeEndArray();
    }

    private static List<Object> collectionOfCategoryDocument(Collection<Category> value) {
        if (value == null) {
            return null;
        }
        var list = new ArrayList<Object>(value.size());
        for (var e : value) {
            list.add(categoryDocument(e));
        }
        return list;
    }

    private static void writeCategory(JsonGenerator out, Category value) throws IOException {
        if (value == null) {
            out.writeNull();
            return;
        }
        out.writeStartObject();
        out.writeFieldName("name");
        if (value.name() == null) {
            out.writeNull();
        } else {
            out.writeString(value.name());
        }
        out.writeFieldName("children");
        writeCollectionOfCategory(out, value.children());
        out.writeEndObject();
    }

    private static Map<String, Object> categoryDocument(Category value) {
        if (value == null) {
            return null;
        }
        var map = new LinkedHashMap<String, Object>();
        map.put("name", value.name());
        map.put("children", collectionOfCategoryDocument(value.children()));
        return map;
    }
}
