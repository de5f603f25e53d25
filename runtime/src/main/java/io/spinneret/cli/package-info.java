@NullMarked
package io.spinneret.cli;

import org.jspecify.annotations.NullMarked;
