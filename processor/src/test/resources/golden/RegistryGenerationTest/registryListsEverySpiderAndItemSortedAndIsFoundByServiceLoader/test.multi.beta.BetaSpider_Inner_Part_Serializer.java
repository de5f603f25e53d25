package test.multi.beta;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.spinneret.internal.Field;
import io.spinneret.internal.FieldType;
import io.spinneret.internal.ItemSchema;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javax.annotation.processing.Generated;
import test.multi.common.Product;

/**
 * The schema and serializers of {@link BetaSpider.Inner.Part}, generated from its components.
 */
@Generated("io.spinneret.processor.SpinneretProcessor")
public final class BetaSpider_Inner_Part_Serializer implements ItemSchema<BetaSpider.Inner.Part> {
    /**
     * The shared instance; the class is stateless.
     */
    public static final BetaSpider_Inner_Part_Serializer INSTANCE = new BetaSpider_Inner_Part_Serializer();

    private static final List<Field> FIELDS = List.of(
        new Field("id", FieldType.STRING, true),
        new Field("products", FieldType.JSON, true));

    private static final JsonFactory JSON = new JsonFactory();

    public BetaSpider_Inner_Part_Serializer() {
    }

    @Override
    public Class<BetaSpider.Inner.Part> type() {
        return BetaSpider.Inner.Part.class;
    }

    @Override
    public String name() {
        return "Part";
    }

    @Override
    public String table() {
        return "part";
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
    public Object[] values(BetaSpider.Inner.Part item) {
        return new Object[] {
                    item.id(),
                    productsJson(item.products())
                };
    }

    @Override
    public void writeJson(BetaSpider.Inner.Part item, JsonGenerator out) throws IOException {
        out.writeStartObject();
        out.writeFieldName("id");
        if (item.id() == null) {
            out.writeNull();
        } else {
            out.writeString(item.id());
        }
        out.writeFieldName("products");
        writeListOfProduct(out, item.products());
        out.writeEndObject();
    }

    @Override
    public String[] csvRow(BetaSpider.Inner.Part item) {
        return new String[] {
                    item.id() == null ? "" : item.id(),
                    Objects.requireNonNullElse(productsJson(item.products()), "")
                };
    }

    @Override
    public Map<String, Object> document(BetaSpider.Inner.Part item) {
        var document = new LinkedHashMap<String, Object>();
        document.put("id", item.id());
        document.put("products", listOfProductDocument(item.products()));
        return document;
    }

    @Override
    public String violation(BetaSpider.Inner.Part item) {
        if (item.id() == null) {
            return "id @NotNull (key)";
        }
        return null;
    }

    private static String productsJson(List<Product> value) {
        if (value == null) {
            return null;
        }
        var text = new StringWriter();
        try (var out = JSON.createGenerator(text)) {
            writeListOfProduct(out, value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text.toString();
    }

    private static void writeListOfProduct(JsonGenerator out, List<Product> value) throws
            IOException {
        if (value == null) {
            out.writeNull();
            return;
        }
        out.writeStartArray();
        for (var e : value) {
            writeProduct(out, e);
        }
        out.writeEndArray();
    }

    private static List<Object> listOfProductDocument(List<Product> value) {
        if (value == null) {
            return null;
        }
        var list = new ArrayList<Object>(value.size());
        for (var e : value) {
            list.add(productDocument(e));
        }
        return list;
    }

    private static void writeProduct(JsonGenerator out, Product value) throws IOException {
        if (value == null) {
            out.writeNull();
            return;
        }
        out.writeStartObject();
        out.writeFieldName("sku");
        if (value.sku() == null) {
            out.writeNull();
        } else {
            out.writeString(value.sku());
        }
        out.writeFieldName("stock");
        out.writeNumber(value.stock());
        out.writeEndObject();
    }

    private static Map<String, Object> productDocument(Product value) {
        if (value == null) {
            return null;
        }
        var map = new LinkedHashMap<String, Object>();
        map.put("sku", value.sku());
        map.put("stock", Long.valueOf(value.stock()));
        return map;
    }
}
