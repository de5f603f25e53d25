package io.spinneret.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a record as a scraped item. The processor generates its serializer: field names in
 * declaration order, a logical type per field, and writers to JSON, a CSV row, JDBC parameters and
 * a Mongo document, with no reflection.
 *
 * <pre>{@code
 * @Item(key = "upc")
 * public record Book(String url, String title, double price, String upc, int rating) {}
 * }</pre>
 *
 * <p>Supported component types: {@code String}, {@code char}/{@code Character}, the primitive
 * numbers and their boxes, {@code BigInteger}, {@code BigDecimal}, {@code boolean}/{@code Boolean},
 * {@code Instant}, {@code OffsetDateTime}, {@code LocalDateTime}, {@code LocalDate}, enums (as their
 * name), and — stored as JSON — {@code List}/{@code Set}/{@code Collection} and
 * {@code Map<String, V>} of supported types, and nested records made of supported types.
 *
 * <p>The processor checks, each as a compile error: the type is a record; every component type is
 * supported; the key ({@link #key()} or a component annotated {@link Key}) names exactly one
 * component.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Item {
    /**
     * The component that identifies an item, used for idempotent upserts in database storages.
     * Leave empty and annotate a component with {@link Key} instead, if you prefer.
     */
    String key() default "";

    /** The table or collection name; defaults to the record's simple name in snake_case. */
    String table() default "";
}
