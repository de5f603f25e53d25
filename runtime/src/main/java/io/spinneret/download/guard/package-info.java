/**
 * Network boundaries: which addresses the downloaders may connect to ({@code network_boundary}),
 * checked on the resolved address a connection is made to.
 */
@NullMarked
package io.spinneret.download.guard;

import org.jspecify.annotations.NullMarked;
