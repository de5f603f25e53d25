package io.spinneret.examples;

import io.spinneret.annotations.Item;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.PositiveOrZero;

/**
 * A {@link Book} with constraints, checked by generated code before it is stored: the spider
 * {@code books_checked} emits it. A book that breaks one is dropped and counted
 * ({@code items_dropped/invalid}) with its page and the rule in the log.
 */
@Item(key = "upc", table = "book")
public record CheckedBook(
        @NotBlank String url,
        @NotBlank String title,
        @PositiveOrZero double price,
        @Pattern(regexp = "[0-9a-f]{16}") String upc,
        @NotBlank String availability,
        @Min(1) @Max(5) int rating,
        @NotBlank String category) {

    static CheckedBook of(Book b) {
        return new CheckedBook(b.url(), b.title(), b.price(), b.upc(), b.availability(), b.rating(), b.category());
    }
}
