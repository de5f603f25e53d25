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
 * The schema and serializers of {@link HTTPPageView}, generated from its components.
 */
@Generated("io.spinneret.processor.SpinneretProcessor")
public final class HTTPPageView_Serializer implements ItemSchema<HTTPPageView> {
    /**
     * The shared instance; the class is stateless.
     */
    public static final HTTPPageView_Serializer INSTANCE = new HTTPPageView_Serializer();

    private static final List<Field> FIELDS = List.of(
        new Field("url", FieldType.STRING, true),
        new Field("counts", FieldType.JSON, true),
        new Field("categories", FieldType.JSON, true));

    private static final JsonFactory JSON = new JsonFactory();

    public HTTPPageView_Serializer() {
    }

    @Override
    public Class<HTTPPageView> type() {
        return HTTPPageView.class;
    }

    @Override
    public String name() {
        return "HTTPPageView";
    }

    @Override
    public String table() {
        return "http_page_view";
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
    public Object[] values(HTTPPageView item) {
        return new Object[] {
                    item.url(),
                    countsJson(item.counts()),
                    categoriesJson(item.categories())
                };
    }

    @Override
    public void writeJson(HTTPPageView item, JsonGenerator out) throws IOException {
        out.writeStartObject();
        out.writeFieldName("url");
        if (item.url() == null) {
            out.writeNull();
        } else {
            out.writeString(item.url());
        }
        out.writeFieldName("counts");
        writeListOfInteger(out, item.counts());
        out.writeFieldName("categories");
        writeMapOfCategory(out, item.categories());
        out.writeEndObject();
    }

    @Override
    public String[] csvRow(HTTPPageView item) {
        return new String[] {
                    item.url() == null ? "" : item.url(),
                    Objects.requireNonNullElse(countsJson(item.counts()), ""),
                    Objects.requireNonNullElse(categoriesJson(item.categories()), "")
                };
    }

    @Override
    public Map<String, Object> document(HTTPPageView item) {
        var document = new LinkedHashMap<String, Object>();
        document.put("url", item.url());
        document.put("counts", listOfIntegerDocument(item.counts()));
        document.put("categories", mapOfCategoryDocument(item.categories()));
        return document;
    }

    @Override
    public String violation(HTTPPageView item) {
        if (item.url() == null) {
            return "url @NotNull (key)";
        }
        return null;
    }

    private static String countsJson(List<? extends Integer> value) {
        if (value == null) {
            return null;
        }
        var text = new StringWriter();
        try (var out = JSON.createGenerator(text)) {
            writeListOfInteger(out, value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text.toString();
    }

    private static String categoriesJson(Map<String, ? extends Category> value) {
        if (value == null) {
            return null;
        }
        var text = new StringWriter();
        try (var out = JSON.createGenerator(text)) {
            writeMapOfCategory(out, value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text.toString();
    }

    private static void writeListOfInteger(JsonGenerator out, List<? extends Integer> value) throws
            IOException {
        if (value == null) {
            out.writeNull();
            return;
        }
        out.writeStartArray();
        for (var e : value) {
            if (e == null) {
                out.writeNull();
            } else {
                out.writeNumber(e.longValue());
            }
        }
        out.writeEndArray();
    }

    private static void writeMapOfCategory(JsonGenerator out, Map<String, ? extends Category> value)
            throws IOException {
        if (value == null) {
            out.writeNull();
            return;
        }
        out.writeStartObject();
        for (var e : value.entrySet()) {
            out.writeFieldName(e.getKey());
            writeCategory(out, e.getValue());
        }
        out.writeEndObject();
    }

    private static List<Object> listOfIntegerDocument(List<? extends Integer> value) {
        if (value == null) {
            return null;
        }
        var list = new ArrayList<Object>(value.size());
        for (var e : value) {
            list.add(e == null ? null : Long.valueOf(e.longValue()));
        }
        return list;
    }

    private static Map<String, Object> mapOfCategoryDocument(
            Map<String, ? extends Category> value) {
        if (value == null) {
            return null;
        }
        var map = new LinkedHashMap<String, Object>();
        for (var e : value.entrySet()) {
            map.put(e.getKey(), categoryDocument(e.getValue()));
        }
        return map;
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
}
