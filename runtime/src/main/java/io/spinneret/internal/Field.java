package io.spinneret.internal;

/**
 * One field of an item schema.
 *
 * @param name the record component's name
 * @param type its logical type
 * @param nullable false for primitives
 */
public record Field(String name, FieldType type, boolean nullable) {}
