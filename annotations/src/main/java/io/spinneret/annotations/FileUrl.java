package io.spinneret.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a component of an {@link Item} whose file (an image, a PDF...) is downloaded and kept when
 * the item is stored: the files pipeline of Scrapy. The component is a {@code StoredFile} (one
 * file) or a {@code List<StoredFile>}; the callback fills it with {@code StoredFile.of(url)}, and
 * the item that reaches storage carries, for each file, the URL, the path under
 * {@code files_store}, the SHA-256 of the content and the status.
 *
 * <pre>{@code
 * @Item(key = "upc")
 * public record Book(String upc, String title, @FileUrl StoredFile cover) {}
 *
 * return new Book(upc, title, StoredFile.of(page.urlJoin(img.attr("src")).orElseThrow()));
 * }</pre>
 *
 * <p>Checked by the annotation processor: on a component of any other type it is a compile error.
 * Files go through the same chain as pages (robots.txt, throttling, cookies, retries, the HTTP
 * cache), are bounded by {@code max_body_size}, stored once per content, and not fetched again by a
 * later crawl that finds their URL already stored.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.PARAMETER, ElementType.METHOD})
public @interface FileUrl {}
