/**
 * The Spinneret test kit ({@code spinneret-test}): JUnit 5 helpers for a spider's tests.
 *
 * <ul>
 *   <li>{@link io.spinneret.test.Pages}: a saved page (from {@code spinneret fetch --save}, a
 *       string, or the HTTP cache) as a {@code Response};</li>
 *   <li>{@link io.spinneret.test.SpiderTester}: runs one callback of a spider on such a page, no
 *       network and no engine, and returns what it {@link io.spinneret.test.Yielded yielded}, with
 *       assertions;</li>
 *   <li>{@link io.spinneret.test.PageServer}: a JUnit extension serving a folder of pages on
 *       127.0.0.1, for end-to-end crawls with {@code Crawler.of(MySpider.class)}.</li>
 * </ul>
 */
@NullMarked
package io.spinneret.test;

import org.jspecify.annotations.NullMarked;
