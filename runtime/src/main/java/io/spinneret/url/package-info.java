/**
 * URLs as browsers read them: the WHATWG URL Standard's basic URL parser for {@code http} and
 * {@code https} ({@link io.spinneret.url.UrlParser}), with its host parser (IPv4 number forms,
 * IPv6, IDNA through ICU4J) and percent-encode sets. Used for every link taken from a page, every
 * redirect {@code Location}, every URL a user gives ({@link io.spinneret.url.AbsoluteUrl}) and the
 * request line the HTTP client sends; {@code io.spinneret.api.Urls} is its public face.
 */
@NullMarked
package io.spinneret.url;

import org.jspecify.annotations.NullMarked;
