"""1960: The Making of the President: Kennedy against Nixon, cubes drawn from a bag, nine turns to Election Day."""
