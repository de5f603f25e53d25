package io.spinneret.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the record component that identifies an {@link Item}, as an alternative to
 * {@code @Item(key = "...")}.
 *
 * <pre>{@code
 * @Item
 * public record Quote(@Key String text, String author, List<String> tags) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.PARAMETER, ElementType.METHOD})
public @interface Key {}
