package io.spinneret.examples;

import io.spinneret.annotations.Item;

/**
 * One HTML page of a site, as {@link SiteSpider} records it.
 *
 * @param url the page's URL, without fragment; the key
 * @param depth links from the start URL
 */
@Item(key = "url")
public record Page(String url, String title, int status, int depth) {}
