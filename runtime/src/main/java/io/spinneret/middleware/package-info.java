@NullMarked
package io.spinneret.middleware;

import org.jspecify.annotations.NullMarked;
