package io.spinneret.examples;

import io.spinneret.annotations.FileUrl;
import io.spinneret.annotations.Item;
import io.spinneret.api.StoredFile;

/**
 * A book with its cover image, which the files pipeline downloads into {@code files_store}: the
 * stored item's {@code cover} carries the image's URL, its path there, its SHA-256 and the status.
 */
@Item(key = "upc")
public record BookCover(
        String url, String title, String upc, @FileUrl StoredFile cover) {}
