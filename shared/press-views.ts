/**
 * How many posts one request for view counts may name: more than a list page (10 posts and
 * one to look ahead), few enough for one cheap read. The list asks in batches of this size.
 */
export const VIEW_COUNT_IDS_PER_REQUEST = 50
