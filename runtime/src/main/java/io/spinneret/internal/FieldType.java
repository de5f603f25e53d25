package io.spinneret.internal;

/**
 * The logical type of an item field, from which storages pick a column type. The Java value that
 * {@link ItemSchema#values} gives for each: STRING String, INTEGER Long, FLOATING Double,
 * DECIMAL BigDecimal, BOOLEAN Boolean, TIMESTAMP java.time.Instant, DATE java.time.LocalDate,
 * JSON String (JSON text).
 */
public enum FieldType {
    STRING,
    INTEGER,
    FLOATING,
    DECIMAL,
    BOOLEAN,
    TIMESTAMP,
    DATE,
    JSON
}
