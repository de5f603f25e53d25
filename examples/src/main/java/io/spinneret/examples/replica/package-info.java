/**
 * An in-process replica of the toscrape.com practice sites (books and quotes), served by the JDK
 * HTTP server on 127.0.0.1 so that the examples, the end-to-end tests and the benchmark run with
 * no internet. Pages are generated deterministically from a fixed seed: the same URL always gives
 * the same bytes.
 */
@NullMarked
package io.spinneret.examples.replica;

import org.jspecify.annotations.NullMarked;
