package io.spinneret.examples;

import io.spinneret.annotations.Item;

/** A book's page as clean text: its main content, boilerplate removed, as Markdown. */
@Item(key = "url")
public record BookPage(String url, String title, String markdown) {}
