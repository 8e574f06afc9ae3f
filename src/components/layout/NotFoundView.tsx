import {Link} from 'react-router'

/** The page every unknown address shows (with HTTP 404). */
export function NotFoundView() {
  return (
    <section className="not-found">
      <h1>Not Found</h1>
      <p>요청하신 페이지를 찾을 수 없습니다. 주소가 바뀌었거나 삭제된 페이지일 수 있습니다.</p>
      <p>
        <Link to="/" className="button">
          홈으로 가기
        </Link>
      </p>
    </section>
  )
}
