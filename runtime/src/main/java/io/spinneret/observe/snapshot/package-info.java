/** Error snapshots ({@code error_snapshots}): the responses of failed requests, saved for a look later. */
@NullMarked
package io.spinneret.observe.snapshot;

import org.jspecify.annotations.NullMarked;
