import { aReview, aStackTag, aTool } from '@reviews/domain/testing';

/**
 * Every kind of markup a catalog text could smuggle in (docs/cli.md#catalog-format: texts are plain
 * text).
 */
export const HOSTILE = [
  '<script>window.__pwned=1</script>',
  '"><img src=x onerror="window.__pwned=1">',
  "it's ]]> & &amp; &lt;b&gt;",
  '[click me](javascript:alert(1)) ![img](https://evil.example/x.png)',
  '<a href="javascript:alert(1)">html link</a>',
  '**bold** _em_ `code` ~~strike~~ | table |',
].join(' ');

export const hostileTool = aTool()
  .withId('hostile')
  .named(`Evil <b>Name</b> "quoted" ${HOSTILE}`)
  .describedAs(`# Heading\n\n- list item ${HOSTILE}\n\n> quote\n\n1. numbered`)
  .inCategory(`<i>Cat</i> & "Co" ]]>`)
  .withReviews(
    aReview()
      .withId('r1')
      .reviewedOn('2026-10-01')
      .withAuthor({ name: `Mallory ${HOSTILE}`, url: 'https://evil.example/"><script>x</script>' })
      .withLikes(`Likes ${HOSTILE}`)
      .withDislikes(`---\n\n=== ${HOSTILE}`),
  )
  .withStackTags(aStackTag(`Tag ${HOSTILE}`))
  .build();
