/** Four-layer settings: defaults, settings.toml, the spider's own, the command line. */
@NullMarked
package io.spinneret.settings;

import org.jspecify.annotations.NullMarked;
