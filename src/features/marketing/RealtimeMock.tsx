import { ProductShot } from './ProductShot'

const NOTES = [
  { title: 'Rotate the database password', edited: 'just now', fresh: true },
  { title: 'Retry with backoff', edited: '3 min ago' },
  { title: 'Incident 2026-11-02', edited: 'yesterday' },
  { title: 'Release checklist', edited: 'Nov 18' },
]

function NoteList({ device }: { device: string }) {
  return (
    <div className="mock-device__screen">
      <p className="mock-device__name">{device}</p>
      <ul className="mock-notes">
        {NOTES.map((note) => (
          <li
            key={note.title}
            className={note.fresh ? 'mock-notes__item mock-notes__item--fresh' : 'mock-notes__item'}
          >
            <span className="mock-notes__title">{note.title}</span>
            <span className="mock-notes__edited">{note.edited}</span>
          </li>
        ))}
      </ul>
      <p className="mock-live">Live: changes from your other tabs and devices appear here</p>
    </div>
  )
}

/** The same documents on a laptop and a phone: a note written on one is already on the other. */
export function RealtimeMock() {
  return (
    <ProductShot title="Your documents" className="product-shot--devices">
      <div className="mock-devices">
        <div className="mock-device mock-device--laptop">
          <NoteList device="Laptop" />
        </div>
        <div className="mock-device mock-device--phone">
          <NoteList device="Phone" />
        </div>
      </div>
    </ProductShot>
  )
}
