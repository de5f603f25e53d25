@NullMarked
package io.spinneret.engine;

import org.jspecify.annotations.NullMarked;
